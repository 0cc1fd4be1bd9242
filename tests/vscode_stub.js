// vscode_stub.js - a small stand-in for VS Code's `vscode` module, enough for
// editors/vscode/extension.js and vscode-languageclient to run under plain
// node (tests/vscode_extension_check.js loads it in place of `vscode`).
// It models what the test depends on the way VS Code behaves: settings read
// through workspace.getConfiguration and changed with an event, documents
// opened in a tab and then as a text document (in that order), language
// ids from the extension manifest's contributed languages, diagnostic
// collections, commands that cannot be registered twice.  `__test` is the
// test's handle on that state; a member the stub lacks is recorded in
// __test.missing (printed by the test) instead of failing silently.
'use strict';

const fs = require('fs');
const path = require('path');
const url = require('url');

const test = {
    settings: {}, // 'gpulint.path' -> value
    messages: [], // { kind: 'error' | 'warning' | 'info', text }
    output: [], // lines written to every output channel
    collections: [], // DiagnosticCollection instances
    commands: new Map(),
    missing: new Set(),
    languages: [], // { id, extensions } from manifests and VS Code's own
};

// ---------------------------------------------------------------- basics

class Disposable {
    constructor(fn) {
        this._fn = fn;
    }
    static from(...items) {
        return new Disposable(() => items.forEach((d) => d && typeof d.dispose === 'function' && d.dispose()));
    }
    dispose() {
        if (this._fn) this._fn();
        this._fn = undefined;
    }
}

class EventEmitter {
    constructor() {
        this._listeners = new Set();
        this.event = (listener, thisArgs, disposables) => {
            const entry = { listener, thisArgs };
            this._listeners.add(entry);
            const d = new Disposable(() => this._listeners.delete(entry));
            if (Array.isArray(disposables)) disposables.push(d);
            return d;
        };
    }
    fire(value) {
        for (const { listener, thisArgs } of [...this._listeners]) listener.call(thisArgs, value);
    }
    dispose() {
        this._listeners.clear();
    }
}

class CancellationError extends Error {
    constructor() {
        super('Canceled');
        this.name = 'Canceled';
    }
}

class CancellationTokenSource {
    constructor() {
        const emitter = new EventEmitter();
        this._emitter = emitter;
        this.token = { isCancellationRequested: false, onCancellationRequested: emitter.event };
    }
    cancel() {
        if (this.token.isCancellationRequested) return;
        this.token.isCancellationRequested = true;
        this._emitter.fire(undefined);
    }
    dispose() {
        this._emitter.dispose();
    }
}

class Uri {
    constructor(scheme, authority, p, query, fragment) {
        this.scheme = scheme;
        this.authority = authority || '';
        this.path = p || '';
        this.query = query || '';
        this.fragment = fragment || '';
    }
    static parse(value) {
        const m = /^([a-zA-Z][\w+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(value);
        if (!m) throw new Error(`stub Uri.parse: not a URI: ${value}`);
        return new Uri(m[1], m[2], decodeURIComponent(m[3]), m[4], m[5]);
    }
    static file(fsPath) {
        return new Uri('file', '', path.resolve(fsPath));
    }
    static joinPath(base, ...parts) {
        return base.with({ path: path.posix.join(base.path, ...parts) });
    }
    get fsPath() {
        return this.scheme === 'file' ? this.path : this.path;
    }
    with(change) {
        return new Uri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path,
            change.query ?? this.query, change.fragment ?? this.fragment);
    }
    toString() {
        if (this.scheme === 'file') return url.pathToFileURL(this.path).href;
        let s = `${this.scheme}:`;
        if (this.authority || this.scheme === 'http' || this.scheme === 'https') s += `//${this.authority}`;
        s += encodeURI(this.path);
        if (this.query) s += `?${this.query}`;
        if (this.fragment) s += `#${this.fragment}`;
        return s;
    }
    toJSON() {
        return { scheme: this.scheme, authority: this.authority, path: this.path, query: this.query, fragment: this.fragment };
    }
}

class Position {
    constructor(line, character) {
        this.line = line;
        this.character = character;
    }
    isEqual(o) {
        return this.line === o.line && this.character === o.character;
    }
}

class Range {
    constructor(a, b, c, d) {
        if (typeof a === 'number') {
            this.start = new Position(a, b);
            this.end = new Position(c, d);
        } else {
            this.start = a;
            this.end = b;
        }
    }
    get isEmpty() {
        return this.start.isEqual(this.end);
    }
}

class Location {
    constructor(uri, rangeOrPosition) {
        this.uri = uri;
        this.range = rangeOrPosition;
    }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
const DiagnosticTag = { Unnecessary: 1, Deprecated: 2 };

class Diagnostic {
    constructor(range, message, severity = DiagnosticSeverity.Error) {
        this.range = range;
        this.message = message;
        this.severity = severity;
    }
}

class DiagnosticRelatedInformation {
    constructor(location, message) {
        this.location = location;
        this.message = message;
    }
}

class MarkdownString {
    constructor(value = '', supportThemeIcons = false) {
        this.value = value;
        this.supportThemeIcons = supportThemeIcons;
    }
}

class CodeActionKind {
    constructor(value) {
        this.value = value;
    }
    append(part) {
        return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
    }
    contains(other) {
        return this.value === other.value || other.value.startsWith(`${this.value}.`);
    }
}
for (const [name, value] of Object.entries({
    Empty: '', QuickFix: 'quickfix', Refactor: 'refactor', RefactorExtract: 'refactor.extract',
    RefactorInline: 'refactor.inline', RefactorRewrite: 'refactor.rewrite', Source: 'source',
    SourceOrganizeImports: 'source.organizeImports', SourceFixAll: 'source.fixAll',
})) CodeActionKind[name] = new CodeActionKind(value);

class CodeAction {
    constructor(title, kind) {
        this.title = title;
        this.kind = kind;
    }
}

class TextEdit {
    constructor(range, newText) {
        this.range = range;
        this.newText = newText;
    }
}

class WorkspaceEdit {
    constructor() {
        this._edits = [];
    }
    replace(uri, range, newText) {
        this._edits.push({ uri, edit: new TextEdit(range, newText) });
    }
    set(uri, edits) {
        for (const edit of edits) this._edits.push({ uri, edit });
    }
    entries() {
        return this._edits.map((e) => [e.uri, [e.edit]]);
    }
}

class RelativePattern {
    constructor(base, pattern) {
        this.baseUri = typeof base === 'string' ? Uri.file(base) : base.uri || base;
        this.base = this.baseUri.fsPath;
        this.pattern = pattern;
    }
}

// Classes the client extends when it loads; nothing here makes them.
class CallHierarchyItem {}
class CodeLens {
    constructor(range, command) {
        this.range = range;
        this.command = command;
    }
}
class CompletionItem {
    constructor(label, kind) {
        this.label = label;
        this.kind = kind;
    }
}
class DocumentLink {
    constructor(range, target) {
        this.range = range;
        this.target = target;
    }
}
class InlayHint {
    constructor(position, label, kind) {
        this.position = position;
        this.label = label;
        this.kind = kind;
    }
}
class SymbolInformation {}
class TypeHierarchyItem {}

class TabInputText {
    constructor(uri) {
        this.uri = uri;
    }
}
class TabInputTextDiff {
    constructor(original, modified) {
        this.original = original;
        this.modified = modified;
    }
}
class TabInputCustom {
    constructor(uri, viewType) {
        this.uri = uri;
        this.viewType = viewType;
    }
}

// ------------------------------------------------------------ documents

function languageOf(fsPath) {
    const ext = path.extname(fsPath).toLowerCase();
    const hit = test.languages.find((l) => l.extensions.includes(ext));
    return hit ? hit.id : 'plaintext';
}

class TextDocument {
    constructor(uri, languageId, text) {
        this.uri = uri;
        this.fileName = uri.fsPath;
        this.languageId = languageId;
        this.version = 1;
        this.isClosed = false;
        this.isDirty = false;
        this.isUntitled = uri.scheme === 'untitled';
        this.eol = 1; // LF
        this._text = text;
    }
    getText() {
        return this._text;
    }
    get lineCount() {
        return this._text.split('\n').length;
    }
    offsetAt(pos) {
        const lines = this._text.split('\n');
        let off = 0;
        for (let i = 0; i < pos.line && i < lines.length; i++) off += lines[i].length + 1;
        return off + pos.character;
    }
    positionAt(offset) {
        const before = this._text.slice(0, offset).split('\n');
        return new Position(before.length - 1, before[before.length - 1].length);
    }
    lineAt(line) {
        const text = this._text.split('\n')[typeof line === 'number' ? line : line.line];
        return { text, lineNumber: line, range: new Range(line, 0, line, text.length) };
    }
}

// ------------------------------------------------------------ namespaces

const onDidChangeConfiguration = new EventEmitter();
const onDidOpenTextDocument = new EventEmitter();
const onDidCloseTextDocument = new EventEmitter();
const onDidChangeTextDocument = new EventEmitter();
const onDidSaveTextDocument = new EventEmitter();
const onWillSaveTextDocument = new EventEmitter();
const onDidChangeWorkspaceFolders = new EventEmitter();
const onDidChangeTabs = new EventEmitter();
const onDidChangeTabGroups = new EventEmitter();
const onDidChangeActiveTextEditor = new EventEmitter();
const onDidChangeVisibleTextEditors = new EventEmitter();
const never = new EventEmitter().event; // notebook events: none here

function configuration(section) {
    const prefix = section ? `${section}.` : '';
    const read = (key) => {
        const full = prefix + key;
        if (Object.prototype.hasOwnProperty.call(test.settings, full)) return { found: true, value: test.settings[full] };
        // a section asked for as a whole: the object of its keys
        const inner = Object.keys(test.settings).filter((k) => k.startsWith(`${full}.`));
        if (inner.length === 0) return { found: false };
        const obj = {};
        for (const k of inner) obj[k.slice(full.length + 1)] = test.settings[k];
        return { found: true, value: obj };
    };
    const conf = {
        get(key, fallback) {
            const r = read(key);
            return r.found ? r.value : fallback;
        },
        has(key) {
            return read(key).found;
        },
        inspect(key) {
            const r = read(key);
            return { key: prefix + key, globalValue: r.found ? r.value : undefined };
        },
        update(key, value) {
            test.setSettings({ [prefix + key]: value });
            return Promise.resolve();
        },
    };
    return conf;
}

const textDocuments = [];
const workspaceFolders = [];
const tabGroup = { isActive: true, viewColumn: 1, activeTab: undefined, tabs: [] };

const workspace = {
    getConfiguration: configuration,
    onDidChangeConfiguration: onDidChangeConfiguration.event,
    textDocuments,
    get workspaceFolders() {
        return workspaceFolders.length ? workspaceFolders : undefined;
    },
    getWorkspaceFolder(uri) {
        return workspaceFolders.find((f) => uri.fsPath.startsWith(f.uri.fsPath + path.sep));
    },
    notebookDocuments: [],
    onDidOpenTextDocument: onDidOpenTextDocument.event,
    onDidCloseTextDocument: onDidCloseTextDocument.event,
    onDidChangeTextDocument: onDidChangeTextDocument.event,
    onDidSaveTextDocument: onDidSaveTextDocument.event,
    onWillSaveTextDocument: onWillSaveTextDocument.event,
    onDidChangeWorkspaceFolders: onDidChangeWorkspaceFolders.event,
    onDidOpenNotebookDocument: never,
    onDidCloseNotebookDocument: never,
    onDidChangeNotebookDocument: never,
    onDidSaveNotebookDocument: never,
    onDidCreateFiles: never,
    onDidRenameFiles: never,
    onDidDeleteFiles: never,
    onWillCreateFiles: never,
    onWillRenameFiles: never,
    onWillDeleteFiles: never,
    createFileSystemWatcher(globPattern) {
        return {
            globPattern,
            ignoreCreateEvents: false,
            ignoreChangeEvents: false,
            ignoreDeleteEvents: false,
            onDidCreate: never,
            onDidChange: never,
            onDidDelete: never,
            dispose() {},
        };
    },
    applyEdit() {
        return Promise.resolve(true);
    },
};

function message(kind) {
    return (text, ...items) => {
        test.messages.push({ kind, text: String(text) });
        return Promise.resolve(undefined); // the user closes the notification
    };
}

function outputChannel(name) {
    let pending = '';
    return {
        name,
        append(text) {
            pending += text;
        },
        appendLine(text) {
            test.output.push(pending + text);
            pending = '';
        },
        replace() {},
        clear() {},
        show() {},
        hide() {},
        dispose() {},
    };
}

const window = {
    createOutputChannel: outputChannel,
    showErrorMessage: message('error'),
    showWarningMessage: message('warning'),
    showInformationMessage: message('info'),
    activeTextEditor: undefined,
    visibleTextEditors: [],
    onDidChangeActiveTextEditor: onDidChangeActiveTextEditor.event,
    onDidChangeVisibleTextEditors: onDidChangeVisibleTextEditors.event,
    tabGroups: {
        all: [tabGroup],
        get activeTabGroup() {
            return tabGroup;
        },
        onDidChangeTabs: onDidChangeTabs.event,
        onDidChangeTabGroups: onDidChangeTabGroups.event,
    },
    withProgress(options, task) {
        return Promise.resolve(task({ report() {} }, new CancellationTokenSource().token));
    },
    showTextDocument(doc) {
        return Promise.resolve({ document: doc });
    },
};

function matchFilter(filter, document) {
    if (typeof filter === 'string') return filter === '*' || filter === document.languageId ? 10 : 0;
    if (filter.language && filter.language !== '*' && filter.language !== document.languageId) return 0;
    if (filter.scheme && filter.scheme !== '*' && filter.scheme !== document.uri.scheme) return 0;
    if (filter.pattern) {
        const glob = typeof filter.pattern === 'string' ? filter.pattern : filter.pattern.pattern;
        const re = new RegExp(`(^|/)${glob.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*\*\/?/g, '\u0000')
            .replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]').replace(/\u0000/g, '(.*/)?')}$`);
        if (!re.test(document.uri.fsPath)) return 0;
    }
    return 10;
}

class DiagnosticCollection {
    constructor(name) {
        this.name = name;
        this._map = new Map(); // uri string -> [uri, diagnostics]
        test.collections.push(this);
    }
    set(uri, diagnostics) {
        if (Array.isArray(uri)) {
            for (const [u, d] of uri) this.set(u, d);
            return;
        }
        if (diagnostics === undefined) this._map.delete(uri.toString());
        else this._map.set(uri.toString(), [uri, diagnostics]);
    }
    delete(uri) {
        this._map.delete(uri.toString());
    }
    clear() {
        this._map.clear();
    }
    get(uri) {
        const e = this._map.get(uri.toString());
        return e ? e[1] : undefined;
    }
    has(uri) {
        return this._map.has(uri.toString());
    }
    forEach(fn) {
        for (const [uri, d] of this._map.values()) fn(uri, d, this);
    }
    dispose() {
        this._map.clear();
        test.collections = test.collections.filter((c) => c !== this);
    }
}

const registered = () => new Disposable(() => {});
const languages = {
    match(selector, document) {
        const filters = Array.isArray(selector) ? selector : [selector];
        return Math.max(0, ...filters.map((f) => matchFilter(f, document)));
    },
    createDiagnosticCollection: (name) => new DiagnosticCollection(name),
    getLanguages: () => Promise.resolve(test.languages.map((l) => l.id)),
    getDiagnostics(uri) {
        return test.diagnostics(uri);
    },
};
// providers of features: registered, never called by this test
for (const name of ['CodeActions', 'Hover', 'Completion', 'Definition', 'Declaration', 'TypeDefinition',
    'Implementation', 'Reference', 'DocumentHighlight', 'DocumentSymbol', 'WorkspaceSymbol', 'CodeLens',
    'DocumentFormattingEdit', 'DocumentRangeFormattingEdit', 'OnTypeFormattingEdit', 'Rename', 'DocumentLink',
    'Color', 'FoldingRange', 'SelectionRange', 'CallHierarchy', 'TypeHierarchy', 'SignatureHelp',
    'DocumentSemanticTokens', 'DocumentRangeSemanticTokens', 'InlayHints', 'InlineValues',
    'InlineCompletionItem', 'LinkedEditingRange']) {
    languages[`register${name}Provider`] = registered;
}

const commands = {
    registerCommand(id, fn) {
        if (test.commands.has(id)) throw new Error(`command '${id}' already exists`); // as VS Code does
        test.commands.set(id, fn);
        return new Disposable(() => test.commands.delete(id));
    },
    executeCommand(id, ...args) {
        const fn = test.commands.get(id);
        return fn ? Promise.resolve(fn(...args)) : Promise.resolve(undefined);
    },
    getCommands: () => Promise.resolve([...test.commands.keys()]),
};

const env = { appName: 'Visual Studio Code (gpulint test stub)', language: 'en', machineId: 'test', sessionId: 'test',
    openExternal: () => Promise.resolve(true), uriScheme: 'vscode' };

// ---------------------------------------------------------- test handle

// VS Code's own CUDA language (the C/C++ extension's grammar ships with it)
test.languages.push({ id: 'cuda-cpp', extensions: ['.cu', '.cuh'] });

// The languages a manifest (package.json) contributes, as VS Code reads them.
test.loadManifest = (manifest) => {
    for (const l of (manifest.contributes && manifest.contributes.languages) || []) {
        const known = test.languages.find((x) => x.id === l.id);
        if (known) known.extensions.push(...(l.extensions || []));
        else test.languages.push({ id: l.id, extensions: [...(l.extensions || [])] });
    }
};

test.addWorkspaceFolder = (dir) => {
    workspaceFolders.push({ uri: Uri.file(dir), name: path.basename(dir), index: workspaceFolders.length });
};

// Changed settings, then the event VS Code fires for them.
test.setSettings = (changes) => {
    Object.assign(test.settings, changes);
    const keys = Object.keys(changes);
    onDidChangeConfiguration.fire({
        affectsConfiguration: (section) => keys.some((k) => k === section || k.startsWith(`${section}.`) || section.startsWith(`${k}.`)),
    });
};

// A file opened in an editor: its tab first, then the text document (the
// order VS Code uses), and the editor becomes the active one.
test.openDocument = (fsPath) => {
    const uri = Uri.file(fsPath);
    const doc = new TextDocument(uri, languageOf(fsPath), fs.readFileSync(fsPath, 'utf8'));
    const tab = { input: new TabInputText(uri), label: path.basename(fsPath), group: tabGroup, isActive: true,
        isDirty: false, isPinned: false, isPreview: false };
    tabGroup.tabs.push(tab);
    tabGroup.activeTab = tab;
    onDidChangeTabs.fire({ opened: [tab], closed: [], changed: [] });
    textDocuments.push(doc);
    onDidOpenTextDocument.fire(doc);
    const editor = { document: doc, selections: [], visibleRanges: [] };
    window.activeTextEditor = editor;
    window.visibleTextEditors = [editor];
    onDidChangeActiveTextEditor.fire(editor);
    return doc;
};

// Every diagnostic any collection holds for a URI.
test.diagnostics = (uri) => {
    const out = [];
    for (const c of test.collections) out.push(...(c.get(uri) || []));
    return out;
};

// --------------------------------------------------------------- module

const api = {
    version: '1.95.0',
    Disposable, EventEmitter, CancellationError, CancellationTokenSource, Uri, Position, Range, Location,
    Diagnostic, DiagnosticSeverity, DiagnosticTag, DiagnosticRelatedInformation, MarkdownString, CodeAction,
    CodeActionKind, TextEdit, WorkspaceEdit, RelativePattern, TabInputText, TabInputTextDiff, TabInputCustom,
    CallHierarchyItem, CodeLens, CompletionItem, DocumentLink, InlayHint, SymbolInformation, TypeHierarchyItem,
    CodeActionTriggerKind: { Invoke: 1, Automatic: 2 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    EndOfLine: { LF: 1, CRLF: 2 },
    FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
    TextDocumentSaveReason: { Manual: 1, AfterDelay: 2, FocusOut: 3 },
    NotebookCellKind: { Markup: 1, Code: 2 },
    workspace, window, languages, commands, env,
    extensions: { all: [], getExtension: () => undefined, onDidChange: never },
    __test: test,
};

// Record what the extension or the client reads that the stub lacks.
function watched(obj, name) {
    return new Proxy(obj, {
        get(target, prop, receiver) {
            if (typeof prop === 'string' && !(prop in target) && prop !== 'then' && prop !== 'toJSON') {
                test.missing.add(`${name}.${prop}`);
            }
            return Reflect.get(target, prop, receiver);
        },
    });
}
for (const ns of ['workspace', 'window', 'languages', 'commands', 'env']) api[ns] = watched(api[ns], `vscode.${ns}`);
module.exports = watched(api, 'vscode');
