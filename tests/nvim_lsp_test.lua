-- nvim_lsp_test.lua - Neovim's built-in LSP client against `gpulint lsp`,
-- set up by the documented recipe (editors/nvim/gpulint.lua, loaded as the
-- init file by nvim_lsp_test.sh): opening $GPULINT_TEST_CU,
-- $GPULINT_TEST_CL and $GPULINT_TEST_HIP starts and attaches the client with
-- no other call.  Checks: the OpenCL file gets the filetype opencl (not
-- Lisp) and the HIP file hip (highlighted as CUDA), the files' diagnostics
-- arrive through vim.diagnostic.get(), one client serves all three, and
-- fixing the CUDA literal with a buffer edit (an incremental change) makes
-- its diagnostic go.
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

local function open(file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  return vim.api.nvim_get_current_buf()
end

-- OpenCL first: the filetype and a diagnostic
local cl = open(os.getenv('GPULINT_TEST_CL'))
check(vim.bo[cl].filetype == 'opencl', 'the .cl file has the filetype opencl (' .. vim.bo[cl].filetype .. ')')
local t0 = vim.loop.hrtime()
local got = vim.wait(10000, function() return #gpulint_diags(cl, 'uncoalesced-row') > 0 end, 20)
check(got, string.format('OpenCL: an uncoalesced-row diagnostic arrives (%.0f ms)', (vim.loop.hrtime() - t0) / 1e6))

local buf = open(os.getenv('GPULINT_TEST_CU'))
check(vim.bo[buf].filetype == 'cuda', 'the .cu file has the filetype cuda')
t0 = vim.loop.hrtime()
got = vim.wait(10000, function() return #gpulint_diags(buf, 'double-literal') > 0 end, 20)
check(got, string.format('CUDA: a double-literal diagnostic arrives (%.0f ms)', (vim.loop.hrtime() - t0) / 1e6))

local hip = open(os.getenv('GPULINT_TEST_HIP'))
check(vim.bo[hip].filetype == 'hip', 'the .hip file has the filetype hip (' .. vim.bo[hip].filetype .. ')')
t0 = vim.loop.hrtime()
got = vim.wait(10000, function() return #gpulint_diags(hip, 'double-literal') > 0 end, 20)
check(got, string.format('HIP: a double-literal diagnostic arrives (%.0f ms)', (vim.loop.hrtime() - t0) / 1e6))
check(vim.bo[hip].syntax == 'cuda', 'the .hip file is highlighted as CUDA (syntax ' .. vim.bo[hip].syntax .. ')')
local clients = vim.lsp.get_active_clients()
check(#clients == 1, 'one client serves the three files (' .. #clients .. ')')
vim.cmd('buffer ' .. buf)
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

for _, c in ipairs(vim.lsp.get_active_clients()) do
  c.stop()
  vim.wait(2000, function() return vim.lsp.client_is_stopped(c.id) end, 20)
end
io.stdout:write(failures == 0 and 'nvim: all checks passed\n' or ('nvim: ' .. failures .. ' check(s) failed\n'))
io.stdout:flush()
if failures == 0 then vim.cmd('qall!') else vim.cmd('cquit 1') end
