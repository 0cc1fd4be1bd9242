-- gpulint for Neovim 0.7 (Debian 12) and newer.  Load it from init.lua
-- (`dofile('/path/to/gpulint/editors/nvim/gpulint.lua')`) or copy it there.
--
-- Neovim 0.7 opens .cl as Lisp and knows no .clh or .opencl: these are set
-- to the filetype opencl first.  Every cuda or opencl buffer then attaches
-- to one `gpulint lsp` client per working directory (vim.lsp.start_client
-- and buf_attach_client exist in 0.7; vim.lsp.start only from 0.8).
-- Extra clang arguments for the project: init_options.extraArgs below.

local opencl = { cl = 'opencl', clh = 'opencl', opencl = 'opencl' }
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = opencl }) -- 0.8+ (and 0.7 with do_filetype_lua)
end
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*.cl', '*.clh', '*.opencl' },
  command = 'set filetype=opencl', -- 0.7's filetype.vim would make .cl Lisp
})

local clients = {}
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'cuda', 'opencl' },
  callback = function(args)
    local root = vim.fn.getcwd()
    local id = clients[root]
    if not id or vim.lsp.client_is_stopped(id) then
      id = vim.lsp.start_client({
        name = 'gpulint',
        cmd = { 'gpulint', 'lsp' },
        root_dir = root,
        init_options = { extraArgs = {} }, -- e.g. { '-Iinclude', '-DUSE_FAST=1' }
      })
      clients[root] = id
    end
    if id then vim.lsp.buf_attach_client(args.buf, id) end
  end,
})
