import CEditLine
import ChartbookModel
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A line editor on libedit's native API: emacs bindings by default, `~/.editrc` (or
/// `$EDITRC`) honoured, in-memory history for Up/Down, Tab completion through `completion`.
///
/// One instance per terminal session, used from one thread. libedit calls back into C
/// functions that find the instance through `EL_CLIENTDATA` (never through captures).
public final class LineEditor {
    /// What `readLine` got.
    public enum Input: Equatable, Sendable {
        case line(String)
        /// Ctrl-D on an empty line, or the input closed.
        case endOfInput
        /// Ctrl-C: the line was abandoned.
        case interrupted
        /// The terminal went away (hang-up): do not save anything that could be half written.
        case hangUp
        /// The window changed size, or Ctrl-L asked for a fresh screen, while a line was
        /// being typed: redraw, then read again starting from `typed`.
        case redraw(typed: String, clear: Bool)
        /// A key `explores` took at an empty line.
        case key(Key)
    }

    /// What Tab offers for the text before the cursor: replace `partial` (the end of that
    /// text) with one of `candidates`.
    public struct Completion: Equatable, Sendable {
        public var partial: String
        public var candidates: [String]
        public init(partial: String, candidates: [String]) {
            self.partial = partial
            self.candidates = candidates
        }
    }

    /// libedit, opened when the first editor is made.
    let edit: EditLineFunctions
    let editor: OpaquePointer
    private let history: OpaquePointer
    private var promptBuffer: UnsafeMutablePointer<CChar>
    /// Computes completions for the text before the cursor.
    public var completion: ((String) -> Completion)?
    /// The terminal width, for laying out candidate lists.
    public var terminalWidth: () -> Int = { 80 }
    /// The window's size (columns, rows) now: a change while a line is typed ends the read
    /// with `.redraw`. Nil: never checked.
    public var windowSize: (() -> (Int, Int))?
    /// Whether `key`, pressed at an empty line, acts on the chart (the read then ends with
    /// `.key`) rather than editing the line. Nil: keys always edit.
    public var explores: ((Key) -> Bool)?

    /// Why the current read ended early, and the line typed so far.
    private var interruption: (typed: String, clear: Bool)?
    /// The window's size when the read began.
    private var sizeAtStart: (Int, Int)?
    /// Bytes of a UTF-8 character read so far.
    private var pendingBytes = [UInt8]()
    /// Bytes read from the terminal while telling a key, given to libedit before reading more.
    var queued = [UInt8]()
    /// The key that ended the current read.
    private var pressed: Key?
    /// Whether the history search's label was shown for the line being read.
    private var searchLabelled = false

    /// The line shown above libedit's `bck:` when Ctrl-R starts a history search.
    public static let searchLabel =
        "history search: type part of an earlier line · Ctrl-R: older · Enter: take it · Ctrl-G: leave"

    /// Why line editing cannot start: libedit is not installed, or would not start.
    public struct Unavailable: Error, Sendable {
        /// What to say (the library and the package that has it).
        public var reason: String
    }

    /// - Parameter historySize: entries kept for Up/Down.
    public init(program: String, historySize: Int = 1000) throws(Unavailable) {
        let edit: EditLineFunctions
        do { edit = try EditLineFunctions.loaded.get() } catch {
            throw Unavailable(reason: error.reason)
        }
        guard let editor = cb_el_init(edit.initialize, program),
            let history = cb_history_init(edit.historyInitialize, edit.history, Int32(historySize))
        else { throw Unavailable(reason: "libedit could not start on this terminal") }
        self.edit = edit
        self.editor = editor
        self.history = history
        promptBuffer = strdup("> ")
        cb_el_set_editor(edit.set, editor, "emacs")
        cb_el_set_signal(edit.set, editor, 1)
        cb_el_set_history(edit.set, editor, edit.history, history)
        cb_el_set_prompt(edit.set, editor) { e in LineEditor.instance(e)?.promptBuffer }
        cb_el_add_function(
            edit.set, editor, "chartbook-complete", "complete a command, option, name or path"
        ) { e, _ in LineEditor.instance(e)?.complete() ?? UInt8(CC_ERROR) }
        cb_el_bind(edit.set, editor, "^I", "chartbook-complete")
        cb_el_add_function(
            edit.set, editor, "chartbook-redraw", "clear the screen and draw the chart again"
        ) { e, _ in LineEditor.instance(e)?.endRead(clear: true) ?? UInt8(CC_ERROR) }
        cb_el_bind(edit.set, editor, "^L", "chartbook-redraw")
        cb_el_set_getcfn(edit.set, editor) { e, character in
            guard let character, let editor = LineEditor.instance(e) else { return -1 }
            return editor.readCharacter(into: character)
        }
        cb_el_set_clientdata(edit.set, editor, Unmanaged.passUnretained(self).toOpaque())
        // $EDITRC or ~/.editrc: key bindings, vi mode.
        _ = edit.source(editor, nil)
    }

    /// The editor libedit calls back for (its `EL_CLIENTDATA`): libedit's callbacks are C
    /// functions, which capture nothing.
    private static func instance(_ e: OpaquePointer?) -> LineEditor? {
        guard let e, case .success(let edit) = EditLineFunctions.loaded,
            let data = cb_el_get_clientdata(edit.get, e)
        else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    deinit {
        edit.end(editor)
        edit.historyEnd(history)
        free(promptBuffer)
    }

    /// Reads one line with `prompt` (which may hold colour escapes). The trailing newline is
    /// removed.
    public func readLine(prompt: String, typed: String = "") -> Input {
        free(promptBuffer)
        promptBuffer = strdup(Self.markInvisible(prompt))
        Interrupts.clear()
        interruption = nil
        pressed = nil
        pendingBytes = []
        sizeAtStart = windowSize?()
        searchLabelled = false
        // A line cut short by a redraw is typed again for the user.
        if !typed.isEmpty { edit.push(editor, typed) }
        var count: Int32 = 0
        // libedit resizes from inside its SIGWINCH handler (not async-signal-safe, and it
        // crashed on windows narrower than the prompt). The signal is held while a line is
        // read; libedit measures the window itself when `el_gets` starts, and the caller
        // makes sure it is large enough then (`fits`).
        var winch = sigset_t(), previous = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        pthread_sigmask(SIG_BLOCK, &winch, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard let raw = edit.gets(editor, &count) else {
            if let pressed { return .key(pressed) }
            if let interruption {
                return .redraw(typed: interruption.typed, clear: interruption.clear)
            }
            if count == 0 { return .endOfInput }
            if Interrupts.take() { return .interrupted }
            return .hangUp
        }
        var text = String(cString: raw)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// Whether a window of `columns` cells can hold `prompt` (escape sequences not counted)
    /// with room to type: libedit is never started on a narrower one.
    public static func fits(prompt: String, columns: Int, rows: Int) -> Bool {
        rows >= 2 && columns >= visibleWidth(prompt) + 4
    }

    /// Columns of `prompt` without its SGR escape sequences (one column a scalar).
    static func visibleWidth(_ prompt: String) -> Int {
        var width = 0, inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape { if scalar == "m" { inEscape = false }; continue }
            width += 1
        }
        return width
    }

    /// Ends the read early (Ctrl-L, a resize), keeping the line typed so far.
    private func endRead(clear: Bool) -> UInt8 {
        var typed = ""
        if let info = edit.line(editor), let buffer = info.pointee.buffer {
            let start = UnsafeRawPointer(buffer)
            let length = UnsafeRawPointer(info.pointee.lastchar) - start
            typed = String(
                decoding: UnsafeRawBufferPointer(start: start, count: max(0, length)),
                as: UTF8.self)
        }
        interruption = (typed, clear)
        return UInt8(CC_EOF)
    }

    /// libedit's character source: waits for input, checking the window's size every
    /// 100 ms (a change ends the read for a redraw), and decodes UTF-8. Ctrl-C (EINTR with
    /// the flag set) and a closed terminal end the read; other interruptions (Ctrl-Z, then
    /// fg) redraw the line and wait again, as libedit's own reader does.
    private func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            if !queued.isEmpty {
                if let scalar = decode(queued.removeFirst()) {
                    character.pointee = wchar_t(bitPattern: scalar.value)
                    return 1
                }
                continue
            }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready == 0 {
                if let start = sizeAtStart, let now = windowSize?(), now != start {
                    _ = endRead(clear: true)
                    return 0
                }
                continue
            }
            if ready < 0 {
                // A signal that is not Ctrl-C (fg after Ctrl-Z): show the line again, wait on.
                if errno == EINTR && !Interrupts.pending {
                    cb_el_refresh(edit.set, editor)
                    continue
                }
                return -1
            }
            var byte: UInt8 = 0
            let got = read(STDIN_FILENO, &byte, 1)
            if got < 0 {
                if errno == EINTR && !Interrupts.pending { continue }
                return -1
            }
            if got == 0 { return -1 }  // the terminal went away
            if let explores, pendingBytes.isEmpty, !searchLabelled, lineIsEmpty,
                [0x09, 0x1B, 0x2B, 0x2D].contains(byte)
            {
                let (key, bytes) = key(startingWith: byte)
                if let key, explores(key) {
                    pressed = key
                    return 0
                }
                queued.append(contentsOf: bytes.dropFirst())
            }
            if let scalar = decode(byte) {
                // Ctrl-R: libedit's search says only `bck:`; say what it is, once a line,
                // on a line of its own above the prompt (issue 31).
                if scalar.value == 0x12 && !searchLabelled {
                    searchLabelled = true
                    cb_write_stdout("\r\u{1B}[K" + Self.searchLabel + "\r\n")
                    cb_el_refresh(edit.set, editor)
                }
                character.pointee = wchar_t(bitPattern: scalar.value)
                return 1
            }
        }
    }

    /// Adds a byte to the pending UTF-8 sequence; the scalar when it is complete (U+FFFD for
    /// a malformed sequence).
    private func decode(_ byte: UInt8) -> Unicode.Scalar? {
        pendingBytes.append(byte)
        let lead = pendingBytes[0]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if pendingBytes.count > 1 && byte & 0xC0 != 0x80 {
            pendingBytes = [byte]
            return byte < 0x80 ? Unicode.Scalar(byte) : nil
        }
        guard pendingBytes.count >= length else { return nil }
        defer { pendingBytes = [] }
        var decoder = UTF8()
        var iterator = pendingBytes.makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return Unicode.Scalar(0xFFFD)
    }

    /// Adds an entry for Up/Down.
    public func remember(_ line: String) {
        cb_history_enter(edit.history, history, line)
    }

    /// Replaces the Up/Down entries (oldest first).
    public func load(_ entries: [String]) {
        cb_history_clear(edit.history, history)
        for entry in entries { cb_history_enter(edit.history, history, entry) }
    }

    /// Brackets escape sequences with `\1` so libedit does not count them as columns.
    static func markInvisible(_ prompt: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1B}" { out += "\u{1}"; inEscape = true }
            out.unicodeScalars.append(scalar)
            if inEscape && scalar == "m" { out += "\u{1}"; inEscape = false }
        }
        return out
    }

    private func complete() -> UInt8 {
        guard let completion, let info = edit.line(editor), let buffer = info.pointee.buffer,
            let cursor = info.pointee.cursor
        else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(buffer)
        let length = UnsafeRawPointer(cursor) - start
        let before = String(
            decoding: UnsafeRawBufferPointer(start: start, count: max(0, length)), as: UTF8.self)
        let reply = completion(before)
        guard !reply.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let common = CompletionList.commonPrefix(reply.candidates)
        if reply.candidates.count == 1 || common.count > reply.partial.count {
            edit.deleteCharacters(editor, Int32(reply.partial.unicodeScalars.count))
            _ = edit.insertText(editor, reply.candidates.count == 1 ? reply.candidates[0] : common)
            return UInt8(CC_REFRESH)
        }
        let list = CompletionList.columns(
            reply.candidates.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 },
            width: terminalWidth())
        cb_write_stdout("\n" + list)
        return UInt8(CC_REDISPLAY)
    }
}
