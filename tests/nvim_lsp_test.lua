-- nvim_lsp_test.lua - Neovim's built-in LSP client against `gpulint lsp`
-- (run by nvim_lsp_test.sh).  Uses vim.lsp.start_client and
-- buf_attach_client, which Neovim 0.7 (Debian 12) already has.
-- Opens $GPULINT_TEST_FILE, waits for gpulint's diagnostics, checks them
-- through vim.diagnostic.get(), fixes the literal with a buffer edit (sent
-- as an incremental change) and waits for the diagnostic to go.
local gpulint = os.getenv('GPULINT')
local file = os.getenv('GPULINT_TEST_FILE')
local failures = 0
local function check(cond, what)
  if cond then
    io.stdout:write('ok: ' .. what .. '\n')
  else
    failures = failures + 1
    io.stdout:write('FAIL: ' .. what .. '\n')
  end
end

local function code_of(d)
  -- Neovim 0.8+ copies the LSP code to d.code; 0.7 keeps it in user_data
  if d.code then return d.code end
  return d.user_data and d.user_data.lsp and d.user_data.lsp.code
end

local function gpulint_diags(buf, rule)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'gpulint' and (rule == nil or code_of(d) == rule) then table.insert(out, d) end
  end
  return out
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = 'gpulint',
  cmd = { gpulint, 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
})
check(id ~= nil, 'the client starts gpulint lsp')
vim.lsp.buf_attach_client(buf, id)

local t0 = vim.loop.hrtime()
local got = vim.wait(10000, function() return #gpulint_diags(buf, 'double-literal') > 0 end, 20)
check(got, string.format('a double-literal diagnostic arrives (%.0f ms)', (vim.loop.hrtime() - t0) / 1e6))
local d = gpulint_diags(buf, 'double-literal')[1]
if d then
  local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
  check(line:sub(d.col + 1, d.col + 3) == '0.1', 'its range starts at the literal: ' .. line)
  check(d.severity == vim.diagnostic.severity.WARN, 'severity Warning')
  check(d.message:find('\n') ~= nil, 'the message has a second line (evidence)')
  -- the fix: 0.1 -> 0.1f, typed as an editor would (an incremental change)
  vim.api.nvim_buf_set_text(buf, d.lnum, d.col + 3, d.lnum, d.col + 3, { 'f' })
  t0 = vim.loop.hrtime()
  local gone = vim.wait(10000, function() return #gpulint_diags(buf, 'double-literal') == 0 end, 20)
  check(gone, string.format('the diagnostic goes after the edit (%.0f ms)', (vim.loop.hrtime() - t0) / 1e6))
end

vim.lsp.stop_client(id)
vim.wait(2000, function() return vim.lsp.client_is_stopped(id) end, 20)
io.stdout:write(failures == 0 and 'nvim: all checks passed\n' or ('nvim: ' .. failures .. ' check(s) failed\n'))
io.stdout:flush()
if failures == 0 then vim.cmd('qall!') else vim.cmd('cquit 1') end
