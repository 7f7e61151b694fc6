import CEditLine
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension LineEditor {
    /// A key the REPL may take at an empty line, before libedit sees it (issue 54's exploring
    /// with keys): the arrows, Home, End, PgUp, PgDn, Tab, Esc, `+` and `-`.
    public enum Key: String, CaseIterable, Sendable {
        case left, right, shiftLeft, shiftRight, home, end, pageUp, pageDown
        case tab, escape, plus, minus

        /// The bytes terminals send for the key: xterm's and the VT100 application mode's
        /// (`ESC O`), the VT220 editing keys (`ESC [ 1 ~`), rxvt's shifted arrows.
        public var sequences: [[UInt8]] {
            switch self {
            case .left: Self.csi("D") + Self.ss3("D")
            case .right: Self.csi("C") + Self.ss3("C")
            case .shiftLeft: Self.csi("1;2D") + Self.csi("d")
            case .shiftRight: Self.csi("1;2C") + Self.csi("c")
            case .home: Self.csi("H") + Self.ss3("H") + Self.csi("1~") + Self.csi("7~")
            case .end: Self.csi("F") + Self.ss3("F") + Self.csi("4~") + Self.csi("8~")
            case .pageUp: Self.csi("5~")
            case .pageDown: Self.csi("6~")
            case .tab: [[0x09]]
            case .escape: [[0x1B]]
            case .plus: [[0x2B]]
            case .minus: [[0x2D]]
            }
        }

        /// The key these bytes are, if any.
        static func named(by bytes: [UInt8]) -> Key? {
            allCases.first { $0.sequences.contains(bytes) }
        }

        private static func csi(_ tail: String) -> [[UInt8]] { [[0x1B, 0x5B] + Array(tail.utf8)] }
        private static func ss3(_ tail: String) -> [[UInt8]] { [[0x1B, 0x4F] + Array(tail.utf8)] }
    }

    /// Whether the line being typed is empty (keys act on the chart only then).
    var lineIsEmpty: Bool {
        guard let info = edit.line(editor) else { return false }
        return info.pointee.buffer == info.pointee.lastchar
    }

    /// The key that `byte` starts (nil when the bytes are none of `Key`'s), and its bytes:
    /// after Esc, read on from the terminal, waiting at most `patience` milliseconds for each
    /// byte (a lone Esc is the Esc key).
    func key(startingWith byte: UInt8, patience: Int32 = 40) -> (key: Key?, bytes: [UInt8]) {
        guard byte == 0x1B else { return (Key.named(by: [byte]), [byte]) }
        var bytes: [UInt8] = [byte]
        // ESC, then '[' or 'O', then parameters, up to a final byte in 0x40...0x7E.
        while bytes.count < 8, let next = Self.byte(within: patience) {
            bytes.append(next)
            if bytes.count == 2 { if next != 0x5B && next != 0x4F { break } else { continue } }
            if (0x40...0x7E).contains(next) { break }
        }
        return (Key.named(by: bytes), bytes)
    }

    /// A byte from the terminal if one comes within `milliseconds`.
    static func byte(within milliseconds: Int32) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }
}
