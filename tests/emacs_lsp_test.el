;;; emacs_lsp_test.el --- eglot against `gpulint lsp', set up by editors/emacs/gpulint.el  -*- lexical-binding: t; -*-

;; Run by emacs_lsp_test.sh as `emacs --batch -Q -l emacs_lsp_test.el', with
;;   GPULINT_SETUP   editors/emacs/gpulint.el, loaded as a user's init file would;
;;   GPULINT_ELPA    the package directories a user's Emacs would activate
;;                   (`package-directory-list' without -Q; Debian's elpa-eglot);
;;   GPULINT_TEST_CU, GPULINT_TEST_CL and GPULINT_TEST_HIP, the files to open.
;; Opening each file is all it takes: the file's mode (gpulint.el's) starts
;; eglot with `gpulint lsp' from PATH.  Checks: the files' modes, their
;; diagnostics in `flymake-diagnostics' (what the user sees), one server for
;; the three, its initializationOptions from `gpulint-extra-args',
;; fixing the CUDA literal by typing in the buffer clears its diagnostic
;; (and deleting the typed f brings it back), and eglot's shutdown.
;; Batch Emacs has no command loop: `gpulint-test--command' runs the command
;; hooks around an action as the loop would, and `gpulint-test--idle' runs
;; the idle timers (eglot's didChange, Flymake's check) as a pause would.
;; Exits 0 when all checks pass, 1 when one fails, 77 without eglot.

(require 'cl-lib)
(require 'package)

(setq package-directory-list (split-string (or (getenv "GPULINT_ELPA") "") ":" t))
(package-initialize)
(unless (locate-library "eglot")
  (princ "emacs: SKIPPED: eglot is not installed (Emacs 28: apt-get install elpa-eglot)\n")
  (kill-emacs 77))

(load (getenv "GPULINT_SETUP") nil t)
;; read when the server starts, as a setting made after loading the file
(setq gpulint-extra-args '("-DGPULINT_EMACS_TEST=1"))

(defvar gpulint-test--failures 0)

(defun gpulint-test--check (ok what)
  (unless ok (cl-incf gpulint-test--failures))
  (princ (format "%s: %s\n" (if ok "ok" "FAIL") what))
  ok)

(defun gpulint-test--command (action)
  "Run ACTION as a command: the command loop's hooks around it."
  (let ((this-command 'gpulint-test-command))
    (run-hooks 'pre-command-hook)
    (funcall action)
    (run-hooks 'post-command-hook)))

(defun gpulint-test--idle ()
  "A pause of the user: the idle timers run."
  (dolist (timer (copy-sequence timer-idle-list))
    (when (memq timer timer-idle-list) (timer-event-handler timer))))

(defun gpulint-test--wait (pred seconds)
  "Wait up to SECONDS for PRED, idle; its value, and the time taken in ms."
  (let ((t0 (float-time)) (deadline (+ (float-time) seconds)) value)
    (while (and (not (setq value (funcall pred))) (< (float-time) deadline))
      (gpulint-test--idle)
      (accept-process-output nil 0.02))
    (cons value (round (* 1000 (- (float-time) t0))))))

(defun gpulint-test--lsp-diag (d)
  "The LSP diagnostic behind Flymake's D (eglot keeps it in the data)."
  (let ((data (flymake-diagnostic-data d)))
    (and (listp data) (alist-get 'eglot-lsp-diag data))))

(defun gpulint-test--diags (buffer rule)
  "gpulint's Flymake diagnostics in BUFFER, of RULE (any when nil)."
  (with-current-buffer buffer
    (cl-remove-if-not
     (lambda (d)
       (let ((lsp (gpulint-test--lsp-diag d)) (text (flymake-diagnostic-text d)))
         (if lsp
             (and (equal (plist-get lsp :source) "gpulint")
                  (or (null rule) (equal (plist-get lsp :code) rule)))
           (string-match-p (format "\\`gpulint \\[%s\\]" (regexp-quote (or rule "[^]]+"))) text))))
     (flymake-diagnostics))))

(defun gpulint-test--server ()
  "This buffer's eglot server; nil before anything loaded eglot (the
setup leaves it to the first `eglot-ensure' to load it)."
  (and (featurep 'eglot) (eglot-current-server)))

(defun gpulint-test--open (file)
  "Open FILE as C-x C-f would, then a key press: eglot 1.9 connects after
the opening command, and Flymake's first check waits for the next command."
  (gpulint-test--command (lambda () (find-file file)))
  (gpulint-test--command #'ignore)
  (current-buffer))

;; OpenCL first: the mode, then a diagnostic
(let* ((cl (gpulint-test--open (getenv "GPULINT_TEST_CL")))
       (got (gpulint-test--wait (lambda () (gpulint-test--diags cl "uncoalesced-row")) 10)))
  (gpulint-test--check (eq major-mode 'gpulint-opencl-mode)
                       (format "the .cl file opens in gpulint-opencl-mode (%s)" major-mode))
  (gpulint-test--check (car got) (format "OpenCL: an uncoalesced-row diagnostic arrives (%d ms)" (cdr got)))

  (let* ((cu (gpulint-test--open (getenv "GPULINT_TEST_CU")))
         (got (gpulint-test--wait (lambda () (gpulint-test--diags cu "double-literal")) 10))
         (server (gpulint-test--server)))
    (gpulint-test--check (eq major-mode 'gpulint-cuda-mode)
                         (format "the .cu file opens in gpulint-cuda-mode (%s)" major-mode))
    (gpulint-test--check (car got) (format "CUDA: a double-literal diagnostic arrives (%d ms)" (cdr got)))
    (gpulint-test--check (and server (eq server (with-current-buffer cl (gpulint-test--server))))
                         "one server serves both files")
    ;; HIP: its own mode, the same server, a diagnostic
    (let* ((hip (gpulint-test--open (getenv "GPULINT_TEST_HIP")))
           (got (gpulint-test--wait (lambda () (gpulint-test--diags hip "double-literal")) 10)))
      (gpulint-test--check (eq major-mode 'gpulint-hip-mode)
                           (format "the .hip file opens in gpulint-hip-mode (%s)" major-mode))
      (gpulint-test--check (car got) (format "HIP: a double-literal diagnostic arrives (%d ms)" (cdr got)))
      (gpulint-test--check (and server (eq server (gpulint-test--server)))
                           "the same server serves the HIP file"))
    (switch-to-buffer cu)
    (gpulint-test--check (and server (equal (eglot-initialization-options server)
                                            '(:extraArgs ["-DGPULINT_EMACS_TEST=1"])))
                         (format "initializationOptions from gpulint-extra-args: %S"
                                 (and server (eglot-initialization-options server))))
    (let ((d (car (gpulint-test--diags cu "double-literal"))))
      (when d
        (gpulint-test--check (equal (buffer-substring-no-properties (flymake-diagnostic-beg d)
                                                                    (flymake-diagnostic-end d))
                                    "0.1")
                             (save-excursion
                               (goto-char (flymake-diagnostic-beg d))
                               (format "its range is the literal: %s"
                                       (buffer-substring-no-properties (line-beginning-position)
                                                                       (line-end-position)))))
        (gpulint-test--check (eq (flymake-diagnostic-type d) 'eglot-warning)
                             (format "severity Warning (%s)" (flymake-diagnostic-type d)))
        (gpulint-test--check (string-match-p "\n" (flymake-diagnostic-text d))
                             "the message has a second line (evidence)")
        ;; the fix: 0.1 -> 0.1f, typed as a user would
        (gpulint-test--command (lambda () (goto-char (flymake-diagnostic-end d)) (insert "f")))
        (setq got (gpulint-test--wait (lambda () (null (gpulint-test--diags cu "double-literal"))) 10))
        (gpulint-test--check (car got) (format "the diagnostic goes after the edit (%d ms)" (cdr got)))
        ;; and the server's analysis of the text is what goes: the literal
        ;; back, the diagnostic back
        (gpulint-test--command (lambda () (delete-char -1)))
        (setq got (gpulint-test--wait (lambda () (gpulint-test--diags cu "double-literal")) 10))
        (gpulint-test--check (car got) (format "it comes back when the f is deleted (%d ms)" (cdr got)))
        (gpulint-test--check (gpulint-test--diags cl "uncoalesced-row")
                             "the OpenCL file keeps its diagnostic")))

    (when server
      (eglot-shutdown server)
      (gpulint-test--check (not (jsonrpc-running-p server)) "the server is shut down"))))

(princ (if (zerop gpulint-test--failures)
           "emacs: all checks passed\n"
         (format "emacs: %d check(s) failed\n" gpulint-test--failures)))
(kill-emacs (if (zerop gpulint-test--failures) 0 1))
