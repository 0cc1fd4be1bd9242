/* version.h - the version every output and generated file names. */
#ifndef GPULINT_VERSION_H
#define GPULINT_VERSION_H

#define GPULINT_VERSION "0.1.0"

#endif
