import ChartbookCommands
import ChartbookModel

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A script read from a pipe as it arrives, in pieces that run in turn: each piece is the
/// comment lines before a command line and that line (joined with its `\` continuations),
/// numbered where it sits in the whole, so narration, diagnostics and `quit` behave as in a
/// file — and an endless pipe (`yes 'echo 1' | chartbook`) runs in bounded memory.
///
/// The caps of typed input hold: a line longer than `ResourceLimits.maxLineBytes` and a
/// NUL byte (not text) end the script with an error.
struct StreamedScript: Sequence, IteratorProtocol {
    private let descriptor: Int32
    private let maxLineBytes: Int
    private var buffer = [UInt8]()
    private var start = 0
    private var atEnd = false
    private var nextLine = 1
    /// Why reading stopped early (a line too long, a NUL byte), once it has.
    private(set) var failure: String?

    init(descriptor: Int32 = STDIN_FILENO, limits: ResourceLimits) {
        self.descriptor = descriptor
        maxLineBytes = limits.maxLineBytes
    }

    /// The next piece of the script; nil at its end (or when it failed: see `failure`).
    mutating func next() -> ScriptSource? {
        let first = nextLine
        var lines = [String]()
        while let line = readLine() {
            lines.append(line)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.unicodeScalars.last == "\\" { continue }
            break
        }
        guard !lines.isEmpty else { return nil }
        return ScriptSource(name: "<stdin>", text: lines.joined(separator: "\n"))
            .numbered(from: first)
    }

    /// One physical line without its terminator; nil at the end or on a failure.
    private mutating func readLine() -> String? {
        while failure == nil {
            if let newline = buffer[start...].firstIndex(of: 10) {
                var end = newline
                if end > start, buffer[end - 1] == 13 { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                nextLine += 1
                return line
            }
            if buffer.count - start > maxLineBytes {
                failure =
                    "line \(nextLine) is longer than \(ResourceLimits.bytesText(maxLineBytes)) "
                    + "(the limit for one line)"
                return nil
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                nextLine += 1
                return line
            }
            fill()
        }
        return nil
    }

    private mutating func fill() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { return }
            failure = "cannot read standard input: \(String(cString: strerror(errno)))"
            return
        }
        if n == 0 { atEnd = true; return }
        if chunk[0..<n].contains(0) {
            failure = "standard input is not a text file (it holds NUL bytes), so not a script"
            return
        }
        buffer.append(contentsOf: chunk[0..<n])
    }
}

extension ScriptSource {
    /// The same script, its first line numbered `line`.
    func numbered(from line: Int) -> ScriptSource {
        var copy = self
        copy.firstLine = line
        return copy
    }
}

/// The pieces of a streamed script, its first already read (to tell data from commands);
/// remembers why the stream stopped early.
final class StreamedPieces: Sequence, IteratorProtocol {
    private var first: ScriptSource?
    private var rest: StreamedScript

    init(first: ScriptSource?, rest: StreamedScript) {
        self.first = first
        self.rest = rest
    }

    /// Why reading stopped before the end, if it did.
    var failure: String? { rest.failure }

    func next() -> ScriptSource? {
        if let piece = first {
            first = nil
            return piece
        }
        return rest.next()
    }
}
