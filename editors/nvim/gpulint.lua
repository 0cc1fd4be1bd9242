-- gpulint for Neovim 0.7 (Debian 12) and newer.  Load it from init.lua
-- (`dofile('/path/to/gpulint/editors/nvim/gpulint.lua')`) or copy it there.
--
-- Neovim 0.7 opens .cl as Lisp and knows no .clh, .opencl or .hip: these
-- are set to the filetypes opencl and hip first (hip files are highlighted
-- as CUDA where the runtime has no hip syntax).  Every cuda, hip or opencl
-- buffer then attaches to one `gpulint lsp` client per working directory
-- (vim.lsp.start_client and buf_attach_client exist in 0.7; vim.lsp.start
-- only from 0.8).  Extra clang arguments for the project:
-- init_options.extraArgs below.

local extensions = { cl = 'opencl', clh = 'opencl', opencl = 'opencl', hip = 'hip' }
if vim.filetype and vim.filetype.add then
  vim.filetype.add({ extension = extensions }) -- 0.8+ (and 0.7 with do_filetype_lua)
end
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*.cl', '*.clh', '*.opencl' },
  command = 'set filetype=opencl', -- 0.7's filetype.vim would make .cl Lisp
})
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*.hip' },
  command = 'setfiletype hip', -- 0.7's filetype.vim leaves .hip without one
})

local clients = {}
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'cuda', 'hip', 'opencl' },
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
    -- HIP is CUDA's syntax under other names: without a syntax of its own,
    -- a hip buffer gets CUDA's (once the syntax autocommands have run)
    if args.match == 'hip' and #vim.api.nvim_get_runtime_file('syntax/hip.vim', false) == 0 then
      local buf = args.buf
      vim.schedule(function()
        if vim.api.nvim_buf_is_valid(buf) and vim.bo[buf].syntax == 'hip' then vim.bo[buf].syntax = 'cuda' end
      end)
    end
  end,
})
