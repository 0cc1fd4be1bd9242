;;; gpulint.el --- gpulint's language server in Emacs, through eglot  -*- lexical-binding: t; -*-

;; For Emacs 28 with eglot from ELPA (Debian 12: apt-get install elpa-eglot)
;; and Emacs 29 or newer, whose eglot is built in.  Load it from your init
;; file:
;;
;;   (load "/path/to/gpulint/editors/emacs/gpulint.el")
;;
;; What it sets up:
;;  - .cu and .cuh open in `cuda-mode' where one is installed, otherwise in
;;    `gpulint-cuda-mode' (c++-mode under another name: Emacs has no CUDA
;;    mode);  .hip opens in `hip-mode' where one is installed, otherwise in
;;    `gpulint-hip-mode' (c++-mode too: Emacs has no HIP mode);  .cl, .clh
;;    and .opencl open in `opencl-mode' where one is installed, otherwise in
;;    `gpulint-opencl-mode' (c-mode under another name: Emacs opens none of
;;    them as C);
;;  - `gpulint lsp' is the eglot server of these modes, entered ahead of the
;;    clangd entry that would otherwise match a mode derived from C or C++
;;    (eglot runs one server per buffer: these buffers get gpulint);
;;  - the modes' hooks call `eglot-ensure', so opening a file starts (or
;;    joins) the server; set `gpulint-eglot-ensure' to nil to start it
;;    yourself with M-x eglot.
;;
;; Project flags: `gpulint-extra-args' (sent as initializationOptions'
;; extraArgs), e.g. (setq gpulint-extra-args '("-Iinclude" "-DUSE_FAST=1")),
;; before or after loading this file: they are read when a server starts
;; (M-x eglot-reconnect starts it again).  Other settings of docs/editors.md
;; go in `gpulint-lsp-options', the executable in `gpulint-program'.

;;; Code:

(require 'cl-lib)

(defgroup gpulint nil
  "gpulint, a performance linter for CUDA, HIP and OpenCL kernels, through eglot."
  :group 'tools
  :prefix "gpulint-")

(defcustom gpulint-program "gpulint"
  "The gpulint executable: a name found on `exec-path', or a file name."
  :type 'string)

(defcustom gpulint-extra-args nil
  "Arguments for gpulint's parser, e.g. (\"-Iinclude\" \"-DUSE_FAST=1\").
Sent as the extraArgs of the server's initializationOptions."
  :type '(repeat string))

(defcustom gpulint-lsp-options nil
  "More settings for the server's initializationOptions, as a plist.
For example (:rules [\"double-literal\" \"uncoalesced-row\"] :debounceMs 500);
a list in JSON is a vector here.  The keys are those of docs/editors.md."
  :type 'plist)

(defcustom gpulint-eglot-ensure t
  "Non-nil: opening a CUDA, HIP or OpenCL file starts eglot with `gpulint lsp'."
  :type 'boolean)

(unless (fboundp 'cuda-mode)
  (define-derived-mode gpulint-cuda-mode c++-mode "CUDA"
    "Major mode for CUDA sources: `c++-mode' under its own name.
gpulint.el defines it because no `cuda-mode' is installed."))

(unless (fboundp 'hip-mode)
  (define-derived-mode gpulint-hip-mode c++-mode "HIP"
    "Major mode for HIP sources: `c++-mode' under its own name.
gpulint.el defines it because no `hip-mode' is installed."))

(unless (fboundp 'opencl-mode)
  (define-derived-mode gpulint-opencl-mode c-mode "OpenCL"
    "Major mode for OpenCL C sources: `c-mode' under its own name.
gpulint.el defines it because no `opencl-mode' is installed."))

(defconst gpulint-cuda-major-mode
  (if (fboundp 'cuda-mode) 'cuda-mode 'gpulint-cuda-mode)
  "The major mode of .cu and .cuh files.")

(defconst gpulint-hip-major-mode
  (if (fboundp 'hip-mode) 'hip-mode 'gpulint-hip-mode)
  "The major mode of .hip files.")

(defconst gpulint-opencl-major-mode
  (if (fboundp 'opencl-mode) 'opencl-mode 'gpulint-opencl-mode)
  "The major mode of .cl, .clh and .opencl files.")

;; In front of `auto-mode-alist': ahead of any entry that claims .cl
(add-to-list 'auto-mode-alist (cons "\\.cuh?\\'" gpulint-cuda-major-mode))
(add-to-list 'auto-mode-alist (cons "\\.hip\\'" gpulint-hip-major-mode))
(add-to-list 'auto-mode-alist (cons "\\.\\(?:cl\\|clh\\|opencl\\)\\'" gpulint-opencl-major-mode))

(defun gpulint-initialization-options (&optional _server)
  "The initializationOptions sent to `gpulint lsp'.
`gpulint-lsp-options' with extraArgs from `gpulint-extra-args' (unless the
former has its own)."
  (if (plist-member gpulint-lsp-options :extraArgs)
      gpulint-lsp-options
    (append (list :extraArgs (vconcat gpulint-extra-args)) gpulint-lsp-options)))

(defvar eglot-server-programs)

(defun gpulint-server-contact (&optional _interactive _project)
  "How eglot starts the server: read when it starts one, so settings made
after loading this file count."
  (list gpulint-program "lsp" :initializationOptions #'gpulint-initialization-options))

(defun gpulint--register-server ()
  "Enter `gpulint lsp' first in `eglot-server-programs'.
One entry for the three modes, so that one server serves a directory's
CUDA, HIP and OpenCL files.  Eglot 1.9 sends one language id per server;
gpulint tells the languages apart by the file extension."
  (let ((modes (list (list gpulint-cuda-major-mode :language-id "cuda")
                     (list gpulint-hip-major-mode :language-id "hip")
                     (list gpulint-opencl-major-mode :language-id "opencl"))))
    (setq eglot-server-programs
          (cons (cons modes #'gpulint-server-contact)
                (cl-remove modes eglot-server-programs :key #'car :test #'equal)))))

(with-eval-after-load 'eglot (gpulint--register-server))

(defvar gpulint--warned nil)

(defun gpulint--maybe-start ()
  "Start (or join) eglot's `gpulint lsp' for this buffer."
  (when (and gpulint-eglot-ensure buffer-file-name)
    (if (or (fboundp 'eglot-ensure) (require 'eglot nil t))
        (eglot-ensure)
      (unless gpulint--warned
        (setq gpulint--warned t)
        (display-warning 'gpulint "eglot is not installed: no gpulint diagnostics \
(Emacs 28: apt-get install elpa-eglot, or M-x package-install RET eglot)")))))

(add-hook (intern (format "%s-hook" gpulint-cuda-major-mode)) #'gpulint--maybe-start)
(add-hook (intern (format "%s-hook" gpulint-hip-major-mode)) #'gpulint--maybe-start)
(add-hook (intern (format "%s-hook" gpulint-opencl-major-mode)) #'gpulint--maybe-start)

(provide 'gpulint)
;;; gpulint.el ends here
