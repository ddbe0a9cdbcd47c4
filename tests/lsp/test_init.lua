-- SPDX-License-Identifier: GPL-2.0
-- Neovim's own LSP client (vim.lsp, Neovim 0.7 and later) against
-- `kbrowse lsp`, headless: nvim --headless --clean -u test_init.lua.
--
-- Environment: KB_KBROWSE (the program), KB_TREE (the tree's source
-- directory, absolute), KB_MODE ("teaching" or "kernel": which lines to
-- ask about), KB_OUT (where the TAP lines go).  The server runs in the
-- current directory, as an editor started there would run it.  Nothing
-- is saved: the edit stays in the buffer, and the server must read it
-- from there.
local out = assert(io.open(os.getenv('KB_OUT'), 'w'))
local tree = os.getenv('KB_TREE')
local mode = os.getenv('KB_MODE')
local n = 0
local timeout = 120000

local function check(ok, what, detail)
  n = n + 1
  out:write(string.format('%s %d - %s\n', ok and 'ok' or 'not ok', n, what))
  if not ok and detail then
    for line in tostring(detail):gmatch('[^\n]+') do
      out:write('# ' .. line .. '\n')
    end
  end
  out:flush()
end

local cases = {
  teaching = {
    shift_line = '12', shift_where = 'arch/Kconfig:188',
    makefile = nil,
    c_text = { '#if IS_ENABLED(CONFIG_SWAP)', '#endif' }, c_symbol = 'CONFIG_SWAP', c_value = 'SWAP = y',
  },
  kernel = {
    shift_line = '12', shift_where = 'arch/Kconfig:1241',
    makefile = 'drivers/net/ethernet/intel/Makefile', make_symbol = 'CONFIG_E1000E', make_value = 'E1000E = y',
  },
}
local case = cases[mode]

local client_id = vim.lsp.start_client({
  name = 'kbrowse',
  cmd = { os.getenv('KB_KBROWSE'), 'lsp' },
  root_dir = tree,
})

local function open(name)
  vim.cmd('edit ' .. vim.fn.fnameescape(tree .. '/' .. name))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

-- The first line of buf matching pattern (0-based), and the column of word on it.
local function find(buf, pattern, word)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:match(pattern) then
      local col = line:find(word or '', 1, true)
      return i - 1, (col or 1) - 1
    end
  end
  return nil, nil
end

local function ask(buf, method, line, col)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = col },
  }
  local answers, err = vim.lsp.buf_request_sync(buf, method, params, timeout)
  if not answers then return nil, err end
  for _, a in pairs(answers) do
    if a.error then return nil, vim.inspect(a.error) end
    return a.result, nil
  end
  return nil, 'no answer'
end

local function hover_text(buf, line, col)
  local result, err = ask(buf, 'textDocument/hover', line, col)
  if not result then return '', err end
  return result.contents.value or '', nil
end

local function main()
  local ready = vim.wait(timeout, function()
    local c = vim.lsp.get_client_by_id(client_id)
    return c ~= nil and c.initialized == true
  end, 100)
  check(ready, 'the client started kbrowse lsp and initialized it')
  if not ready then return end

  -- Hover on PAGE_SHIFT: the value and the deciding line.
  local arch = open('arch/Kconfig')
  local shift = find(arch, '^config PAGE_SHIFT$')
  local text, err = hover_text(arch, shift, 8)
  check(text:find('PAGE_SHIFT = ' .. case.shift_line, 1, true) and text:find(case.shift_where, 1, true),
        'hover on PAGE_SHIFT in arch/Kconfig shows ' .. case.shift_line .. ' and ' .. case.shift_where,
        err or text)

  -- Definition of PAGE_SIZE_4KB from a default's condition: jump there.
  local use, col = find(arch, '^%s*default%s+12 if PAGE_SIZE_4KB', 'PAGE_SIZE_4KB')
  local result
  result, err = ask(arch, 'textDocument/definition', use, col + 2)
  local loc = result and result[1]
  if loc then vim.lsp.util.jump_to_location(loc, 'utf-16') end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local at = vim.api.nvim_buf_get_lines(0, cursor[1] - 1, cursor[1], false)[1] or ''
  check(loc and at == 'config PAGE_SIZE_4KB' and cursor[2] == 7,
        'definition of PAGE_SIZE_4KB jumps to its config line',
        err or (vim.inspect(result) .. '\ncursor ' .. vim.inspect(cursor) .. ': ' .. at))

  -- An unsaved edit: a diagnostic at the line and column of the unknown name.
  vim.api.nvim_set_current_buf(arch)
  vim.api.nvim_buf_set_lines(arch, shift + 1, shift + 1, false, { '\tdepends on NO_SUCH_SYMBOL' })
  local got
  vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(arch)) do
      if d.message:find('NO_SUCH_SYMBOL', 1, true) then got = d return true end
    end
    return false
  end, 100)
  check(got and got.lnum == shift + 1 and got.col == 12 and vim.bo[arch].modified,
        'unsaved "depends on NO_SUCH_SYMBOL": a diagnostic at line ' .. (shift + 2) .. ', column 13',
        vim.inspect(vim.diagnostic.get(arch)))

  -- CONFIG_FOO outside Kconfig: a Makefile of the tree, or a C buffer.
  if case.makefile then
    local mk = open(case.makefile)
    local line, c = find(mk, case.make_symbol, case.make_symbol)
    text, err = hover_text(mk, line, c + 3)
    check(text:find(case.make_value, 1, true), 'hover on ' .. case.make_symbol .. ' in ' ..
          case.makefile .. ' shows ' .. case.make_value, err or text)
  else
    vim.cmd('enew')
    local c_buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_name(c_buf, tree .. '/lsp_nvim_test.c')
    vim.api.nvim_buf_set_lines(c_buf, 0, -1, false, case.c_text)
    vim.lsp.buf_attach_client(c_buf, client_id)
    text, err = hover_text(c_buf, 0, 20)
    check(text:find(case.c_value, 1, true), 'hover on IS_ENABLED(' .. case.c_symbol ..
          ') in a C buffer shows ' .. case.c_value, err or text)
  end
end

vim.defer_fn(function()
  local ok, err = pcall(main)
  if not ok then check(false, 'the test ran to its end', err) end
  out:write('1..' .. n .. '\n')
  out:close()
  vim.lsp.stop_client(client_id)
  vim.cmd('qa!')
end, 0)
