// gpulint for VS Code: starts `<gpulint.path> lsp` for CUDA, HIP and OpenCL files
// through vscode-languageclient and passes the gpulint.* settings to the
// server (docs/editors.md, "Settings").  Plain JavaScript: no build step.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { CloseAction, ErrorAction, LanguageClient } = require('vscode-languageclient/node');

// VS Code's own id for CUDA (cuda-cpp: .cu .cuh), the one some CUDA
// extensions use (cuda), and the hip (.hip) and opencl (.cl .clh .opencl)
// languages this extension contributes.
const LANGUAGES = ['cuda-cpp', 'cuda', 'hip', 'opencl'];

let client; // the running LanguageClient, or undefined
let output; // one output channel for every client this session starts
let queue = Promise.resolve(); // starts and stops, one after the other

function config() {
    return vscode.workspace.getConfiguration('gpulint');
}

// The server's settings: initializationOptions, and later
// workspace/didChangeConfiguration.  An empty rules list means every rule.
function serverSettings() {
    const c = config();
    const list = (v) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
    const settings = { rules: list(c.get('rules', [])), extraArgs: list(c.get('extraArgs', [])) };
    const debounce = c.get('debounceMs', null); // null: the server's adaptive debounce
    if (typeof debounce === 'number' && debounce >= 0) settings.debounceMs = debounce;
    return settings;
}

// gpulint.path as the user wrote it, with ~ and ${workspaceFolder} expanded.
function configuredPath() {
    let p = String(config().get('path', 'gpulint') || 'gpulint').trim() || 'gpulint';
    if (p === '~' || p.startsWith('~/')) p = path.join(os.homedir(), p.slice(1));
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (folder) p = p.split('${workspaceFolder}').join(folder.uri.fsPath);
    return p;
}

function isExecutableFile(file) {
    try {
        if (!fs.statSync(file).isFile()) return false;
        if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
        return true;
    } catch {
        return false;
    }
}

// The executable a name or path stands for (a bare name is looked up in
// PATH, as the shell would), or undefined.
function resolveExecutable(command) {
    const exts = process.platform === 'win32' ? ['', ...(process.env.PATHEXT || '.EXE;.CMD;.BAT').split(';')] : [''];
    if (command.includes('/') || (process.platform === 'win32' && command.includes('\\'))) {
        let file = command;
        const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
        if (!path.isAbsolute(file) && folder) file = path.join(folder.uri.fsPath, file);
        return exts.map((e) => file + e).find(isExecutableFile);
    }
    for (const dir of (process.env.PATH || '').split(path.delimiter)) {
        if (!dir) continue;
        const hit = exts.map((e) => path.join(dir, command + e)).find(isExecutableFile);
        if (hit) return hit;
    }
    return undefined;
}

function cannotStart(command, why) {
    const text = `gpulint: cannot start the language server "${command} lsp": ${why}. ` +
        'Install gpulint or set "gpulint.path" to its executable (the "gpulint" output has the details).';
    output.appendLine(text);
    vscode.window.showErrorMessage(text, 'Open Settings').then((choice) => {
        if (choice === 'Open Settings') vscode.commands.executeCommand('workbench.action.openSettings', 'gpulint.path');
    }, () => undefined);
}

async function startClient() {
    const wanted = configuredPath();
    const command = resolveExecutable(wanted);
    if (!command) {
        cannotStart(wanted, /[\\/]/.test(wanted) ? 'no such executable' : 'not found in PATH');
        return;
    }
    const documentSelector = LANGUAGES.map((language) => ({ scheme: 'file', language }));
    // A server that fails before it is up is not restarted (the message below
    // says why); one that ends later is, as the client's default handler does.
    let started = false;
    let defaults;
    const errorHandler = {
        error: (error, message, count) =>
            (started ? defaults.error(error, message, count) : { action: ErrorAction.Continue, handled: true }),
        closed: () => (started ? defaults.closed() : { action: CloseAction.DoNotRestart, handled: true }),
    };
    let failure;
    const c = new LanguageClient('gpulint', 'gpulint', { command, args: ['lsp'] }, {
        documentSelector,
        outputChannel: output,
        initializationOptions: serverSettings, // read again at each (re)start
        errorHandler,
        initializationFailedHandler: (error) => {
            failure = error; // reported once, below
            return false;
        },
    });
    defaults = c.createDefaultErrorHandler();
    try {
        await c.start();
    } catch (error) {
        failure = failure || error;
    }
    // start() can also resolve without a server: one that exits at once
    if (c.isRunning()) {
        started = true;
        client = c;
        return;
    }
    const why = failure && failure.message ? failure.message : '';
    cannotStart(command, !why || /disposed|closed|destroyed|EPIPE/i.test(why)
        ? 'the process ended before it answered the initialize request' : why);
    try {
        await c.dispose();
    } catch {
        // the client never ran
    }
}

async function stopClient() {
    const c = client;
    client = undefined;
    if (c) {
        try {
            await c.stop();
        } catch (error) {
            output.appendLine(`gpulint: stopping the language server: ${error && error.message ? error.message : error}`);
        }
    }
}

// Starts and stops run in order: a restart never overlaps a start.
function serialize(step) {
    queue = queue.then(step, step);
    return queue;
}

function restart() {
    return serialize(async () => {
        await stopClient();
        await startClient();
    });
}

async function activate(context) {
    output = vscode.window.createOutputChannel('gpulint');
    context.subscriptions.push(output);
    context.subscriptions.push(vscode.commands.registerCommand('gpulint.restart', restart));
    context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('gpulint.path')) {
            restart();
        } else if (event.affectsConfiguration('gpulint') && client && client.isRunning()) {
            // the server re-analyses every open document with the new settings
            client.sendNotification('workspace/didChangeConfiguration', { settings: { gpulint: serverSettings() } })
                .catch((error) => output.appendLine(`gpulint: sending the settings: ${error && error.message ? error.message : error}`));
        }
    }));
    await serialize(startClient);
    // for other extensions and the tests: the running client, if any
    return { get client() { return client; }, restart };
}

function deactivate() {
    return serialize(stopClient);
}

module.exports = { activate, deactivate };
