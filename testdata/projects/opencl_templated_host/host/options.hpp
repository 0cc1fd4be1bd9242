// Helpers that write a kernel's -D options.
#pragma once
#include <string>

#define KeyValue(key, value) " -D " #key "=" + std::to_string(value)
#define KeyString(key, value) " -D " #key "=" + std::string(value)
#define KeyFromStr(flag) " -D " + std::string(flag)
