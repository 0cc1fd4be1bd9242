// vscode_extension_check.js EXTENSION_DIR GPULINT WORK_DIR - the VS Code
// extension (editors/vscode, as unpacked from its .vsix, with its
// node_modules) activated under node with tests/vscode_stub.js as the
// `vscode` module, against the real `gpulint lsp`.  Run by
// tests/vscode_extension_test.sh, which writes WORK_DIR/scale.cu (a
// double-literal finding), WORK_DIR/rows.cl (an uncoalesced-row one) and
// WORK_DIR/shift.hip (a double-literal one).
//
// In order: a gpulint.path that does not exist gives an error message (and
// activate() still resolves), so does one that exits at once (not a language
// server); setting the right path starts `gpulint lsp`
// (the handshake completes, the server names itself and its version); the
// already open .cu file and a .cl and a .hip file opened later get gpulint's
// diagnostics, the .cl file as language opencl, the .hip file as hip (both
// contributed by the manifest); a settings change reaches
// the server (rules); a new gpulint.path (the default: gpulint in PATH)
// restarts the server; deactivate() stops it and every process it started.
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');

const [extDir, gpulint, work] = process.argv.slice(2);
if (!extDir || !gpulint || !work) {
    console.error('usage: vscode_extension_check.js EXTENSION_DIR GPULINT WORK_DIR');
    process.exit(2);
}

// `vscode` is the stub, for the extension and for vscode-languageclient
const stubPath = path.join(__dirname, 'vscode_stub.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
    return request === 'vscode' ? stubPath : resolve.call(this, request, ...rest);
};
const vscode = require('vscode');
const T = vscode.__test;

// Unhandled rejections: VS Code's extension host logs them; so does this.
// vscode-languageclient 9 leaves some behind when a server fails to start;
// in the phases where everything works there must be none.
const rejections = [];
process.on('unhandledRejection', (error) => {
    rejections.push(String(error && error.message ? error.message : error));
    console.log(`note: unhandled rejection: ${rejections[rejections.length - 1]}`);
});

let failures = 0;
function check(cond, what) {
    console.log(`${cond ? 'ok' : 'FAIL'}: ${what}`);
    if (!cond) failures++;
    return cond;
}
function finish() {
    if (T.missing.size) console.log(`note: read from the stub but not in it: ${[...T.missing].sort().join(', ')}`);
    if (failures) {
        console.log('--- the output channel (last lines):');
        console.log(T.output.slice(-40).join('\n'));
    }
    console.log(failures ? `vscode: ${failures} check(s) failed` : 'vscode: all checks passed');
    process.exit(failures ? 1 : 0);
}
setTimeout(() => {
    check(false, 'the checks finish within 100 s');
    finish();
}, 100000).unref();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(pred, ms) {
    const t0 = Date.now();
    for (;;) {
        const v = pred();
        if (v) return v;
        if (Date.now() - t0 > ms) return undefined;
        await sleep(25);
    }
}

// ------------------------------------------------------------ processes

const gpulintReal = fs.realpathSync(gpulint);
function procStat(pid) {
    try {
        const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
        return { state: f[0], ppid: Number(f[1]) };
    } catch {
        return undefined;
    }
}
function alive(pid) {
    const st = procStat(pid);
    return st !== undefined && st.state !== 'Z';
}
// This process's descendants (live ones), each with its executable.
function descendants() {
    const kids = new Map();
    for (const name of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(name)) continue;
        const st = procStat(name);
        if (!st || st.state === 'Z') continue;
        if (!kids.has(st.ppid)) kids.set(st.ppid, []);
        kids.get(st.ppid).push(Number(name));
    }
    const out = [];
    const todo = [process.pid];
    while (todo.length) {
        for (const pid of kids.get(todo.pop()) || []) {
            let exe = '';
            try {
                // a binary rebuilt while it runs reads "PATH (deleted)"
                exe = fs.readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
            } catch {
                // gone, or not ours to read
            }
            let argv = [];
            try {
                argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
            } catch {
                // gone
            }
            out.push({ pid, ppid: procStat(pid)?.ppid, exe, argv });
            todo.push(pid);
        }
    }
    return out;
}
// The language servers this process started: direct children running gpulint lsp.
function servers() {
    return descendants().filter((p) => p.ppid === process.pid && p.exe === gpulintReal && p.argv[1] === 'lsp');
}

// ---------------------------------------------------------- diagnostics

const codeOf = (d) => (d.code && typeof d.code === 'object' ? d.code.value : d.code);
const gpulintDiagnostics = (doc, rule) =>
    T.diagnostics(doc.uri).filter((d) => d.source === 'gpulint' && (rule === undefined || codeOf(d) === rule));

// ----------------------------------------------------------------- main

async function main() {
    const manifest = JSON.parse(fs.readFileSync(path.join(extDir, 'package.json'), 'utf8'));
    T.loadManifest(manifest);
    const props = manifest.contributes.configuration.properties;
    for (const [key, p] of Object.entries(props)) T.settings[key] = p.default; // VS Code's defaults
    for (const event of ['onLanguage:cuda-cpp', 'onLanguage:cuda', 'onLanguage:hip', 'onLanguage:opencl']) {
        check(manifest.activationEvents.includes(event), `the manifest activates on ${event}`);
    }
    check(props['gpulint.path'] && props['gpulint.path'].default === 'gpulint', 'setting gpulint.path, default "gpulint"');
    for (const key of ['gpulint.extraArgs', 'gpulint.rules', 'gpulint.debounceMs']) check(key in props, `setting ${key}`);

    T.addWorkspaceFolder(work);
    T.settings['gpulint.trace.server'] = 'verbose'; // the client logs every message: languageId is seen there
    T.settings['gpulint.debounceMs'] = 50;
    const cu = T.openDocument(path.join(work, 'scale.cu')); // open before the extension starts
    check(cu.languageId === 'cuda-cpp', `scale.cu has the language cuda-cpp (${cu.languageId})`);

    const extension = require(path.join(extDir, manifest.main));
    const context = { subscriptions: [], extensionPath: extDir, extensionUri: vscode.Uri.file(extDir) };

    // 1. a gpulint.path that does not exist: an error message, no crash, no server
    const missing = path.join(work, 'no-such-dir', 'gpulint');
    T.settings['gpulint.path'] = missing;
    let api;
    try {
        api = await extension.activate(context);
        check(true, 'activate() resolves with a wrong gpulint.path');
    } catch (e) {
        check(false, `activate() resolves with a wrong gpulint.path (it threw: ${e && e.stack})`);
    }
    const errors = T.messages.filter((m) => m.kind === 'error');
    check(errors.length === 1 && errors[0].text.includes(missing) && errors[0].text.includes('gpulint.path'),
        `one error message naming the path and the setting: ${JSON.stringify(errors.map((m) => m.text))}`);
    check(api && api.client === undefined, 'no client runs');
    check(servers().length === 0, 'no gpulint process was started');

    // 1b. an executable that is not a language server (it exits at once)
    T.messages.length = 0;
    const notServer = path.join(work, 'not-gpulint');
    fs.writeFileSync(notServer, '#!/bin/sh\necho "not a language server" >&2\nexit 3\n', { mode: 0o755 });
    T.setSettings({ 'gpulint.path': notServer });
    const said = (m) => m.kind === 'error' && m.text.includes(notServer) && /ended before it answered/.test(m.text);
    check(await waitFor(() => T.messages.some(said), 10000),
        `a gpulint.path that exits at once: an error message that says so: ${JSON.stringify(T.messages.map((m) => m.text))}`);
    await sleep(200);
    check(api.client === undefined, 'no client runs');

    // 2. the right path: the server starts, the handshake completes
    T.messages.length = 0;
    const rejectionsBefore = rejections.length;
    T.setSettings({ 'gpulint.path': gpulint });
    const running = await waitFor(() => api.client && api.client.isRunning() && api.client, 20000);
    if (!check(running, 'changing gpulint.path starts the language client')) return;
    const init = running.initializeResult;
    check(init && init.serverInfo && init.serverInfo.name === 'gpulint', 'initialize answered by gpulint');
    check(init && init.serverInfo && init.serverInfo.version === manifest.version,
        `the server's version ${init && init.serverInfo && init.serverInfo.version} is the extension's ${manifest.version}`);
    const first = servers();
    check(first.length === 1, `one \`gpulint lsp\` child process runs the build's gpulint (${first.length})`);

    // 3. diagnostics: the .cu file open from the start, then a .cl file opened now
    const cuDiags = await waitFor(() => gpulintDiagnostics(cu, 'double-literal').length && gpulintDiagnostics(cu, 'double-literal'), 30000);
    if (check(cuDiags, 'scale.cu gets a double-literal diagnostic from source gpulint')) {
        const d = cuDiags[0];
        const line = cu.getText().split('\n')[d.range.start.line];
        check(line.substr(d.range.start.character, 3) === '0.1', `its range starts at the literal: ${line.trim()}`);
        check(d.severity === vscode.DiagnosticSeverity.Warning, 'its severity is Warning');
    }
    const cl = T.openDocument(path.join(work, 'rows.cl'));
    check(cl.languageId === 'opencl', `rows.cl has the language opencl (${cl.languageId})`);
    const clDiags = await waitFor(() => gpulintDiagnostics(cl, 'uncoalesced-row').length, 30000);
    check(clDiags, 'rows.cl gets an uncoalesced-row diagnostic');
    const trace = T.output.join('\n');
    const didOpen = trace.split("Sending notification 'textDocument/didOpen'").slice(1);
    check(didOpen.some((m) => m.includes('rows.cl') && /"languageId":\s*"opencl"/.test(m)),
        'the server got rows.cl with languageId opencl (didOpen in the trace)');
    check(didOpen.some((m) => m.includes('scale.cu') && /"languageId":\s*"cuda-cpp"/.test(m)),
        'the server got scale.cu with languageId cuda-cpp');

    // HIP: the manifest's hip language for .hip, selected by the client
    const hip = T.openDocument(path.join(work, 'shift.hip'));
    check(hip.languageId === 'hip', `shift.hip has the language hip (${hip.languageId})`);
    check(vscode.languages.match(running.clientOptions.documentSelector, hip) > 0,
        'the client\'s documentSelector selects shift.hip');
    const hipDiags = await waitFor(() => gpulintDiagnostics(hip, 'double-literal').length && gpulintDiagnostics(hip, 'double-literal'), 30000);
    if (check(hipDiags, 'shift.hip gets a double-literal diagnostic from source gpulint')) {
        const d = hipDiags[0];
        const line = hip.getText().split('\n')[d.range.start.line];
        check(line.substr(d.range.start.character, 3) === '0.5', `its range starts at the literal: ${line.trim()}`);
    }
    const hipOpen = T.output.join('\n').split("Sending notification 'textDocument/didOpen'").slice(1);
    check(hipOpen.some((m) => m.includes('shift.hip') && /"languageId":\s*"hip"/.test(m)),
        'the server got shift.hip with languageId hip');

    const pulled = trace.includes("Sending request 'textDocument/diagnostic");
    console.log(`note: the diagnostics were ${pulled ? 'pulled (textDocument/diagnostic)' : 'pushed (publishDiagnostics)'}`);

    // 4. a settings change reaches the running server: only uncoalesced-row
    T.setSettings({ 'gpulint.rules': ['uncoalesced-row'] });
    const gone = await waitFor(() => gpulintDiagnostics(cu, 'double-literal').length === 0, 30000);
    check(gone, 'gpulint.rules = [uncoalesced-row]: the double-literal diagnostic goes');
    check(await waitFor(() => gpulintDiagnostics(hip, 'double-literal').length === 0, 30000),
        'and so does shift.hip\'s');
    const now = servers().map((p) => p.pid);
    check(now.length === 1 && now[0] === first[0].pid, `without a restart of the server (pid ${first[0].pid}, now ${now.join(' ')})`);

    // 5. a new gpulint.path restarts the server: the default, "gpulint",
    // found in PATH (a link to the same binary)
    const link = path.join(work, 'bin', 'gpulint');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(gpulintReal, link);
    process.env.PATH = `${path.dirname(link)}${path.delimiter}${process.env.PATH}`;
    T.setSettings({ 'gpulint.path': props['gpulint.path'].default });
    const restarted = await waitFor(() => {
        const s = servers();
        return !alive(first[0].pid) && s.length === 1 && api.client && api.client.isRunning() && s;
    }, 20000);
    check(restarted, 'gpulint.path back to "gpulint": the old server stops and a new one starts');
    check(restarted && restarted[0].argv[0] === link, `it is the gpulint found in PATH (${restarted && restarted[0].argv[0]})`);
    const again = await waitFor(() => gpulintDiagnostics(cl, 'uncoalesced-row').length, 30000);
    check(again, 'the restarted server analyses the open files again (rows.cl)');
    check(T.messages.filter((m) => m.kind === 'error').length === 0,
        `no error message since the path was fixed: ${JSON.stringify(T.messages)}`);

    // 6. deactivate(): the server and every process under it exit
    const before = descendants().filter((p) => p.exe === gpulintReal);
    check(before.length >= 1, `gpulint processes before deactivate(): ${before.map((p) => p.pid).join(' ')}`);
    await extension.deactivate();
    const stopped = await waitFor(() => before.every((p) => !alive(p.pid)), 10000);
    check(stopped, 'deactivate() stops the server and its workers');
    check(api.client === undefined, 'no client after deactivate()');
    check(rejections.length === rejectionsBefore, 'no unhandled promise rejection since the path was fixed');
    for (const d of context.subscriptions) d.dispose();
}

main().then(finish, (e) => {
    check(false, `no exception: ${e && e.stack}`);
    finish();
});
