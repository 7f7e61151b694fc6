/// A light scan of a JSON text for the paths of its rows' keys, in order (`JSONTableReader.keysInOrder`):
/// each open object or array holds the path its keys extend — the root array's objects the
/// empty one, an object that is a key's value that key's path and a point — or nil (an
/// array's, or what lies below one), whose keys name no column.
struct JSONKeyScan {
    let bytes: [UInt8]
    var index = 0
    var open = [String?]()
    /// The path of the key just read, until its value starts.
    var pending: String?
    /// The paths in the order they first appear, each once.
    var order = [String]()
    var seen = Set<String>()
    /// Whether some key holds an object (whose keys are columns of their own).
    private(set) var nested = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func paths() -> [String] {
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""): string()
            case UInt8(ascii: "{"):
                // The root array's objects are rows; deeper ones extend the key they are the
                // value of (none below an array).
                open.append(open.count == 1 ? "" : pending.map { $0 + "." })
                pending = nil
            case UInt8(ascii: "["):
                open.append(nil)
                pending = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !open.isEmpty { open.removeLast() }
            default: break
            }
        }
        return order
    }

    /// A string from after its opening quote: a key (followed by `:`) within a row's
    /// object is a path; a value ends the pending key as a leaf.
    mutating func string() {
        var text = [UInt8]()
        var escaped = false
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            if escaped {
                escaped = false; text.append(b)
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "\"") {
                break
            } else {
                text.append(b)
            }
        }
        let colon = blanksSkipped(from: index)
        guard byte(at: colon) == UInt8(ascii: ":"), open.count >= 2, let prefix = open.last ?? nil
        else { return }
        let path = prefix + String(decoding: text, as: UTF8.self)
        // Its value: an object extends the path; anything else (an empty object too, as
        // `flattened` keeps it) makes it a column.
        let value = blanksSkipped(from: colon + 1)
        if byte(at: value) == UInt8(ascii: "{"),
            byte(at: blanksSkipped(from: value + 1)) != UInt8(ascii: "}")
        {
            pending = path
            nested = true
        } else {
            if seen.insert(path).inserted { order.append(path) }
            pending = nil
        }
    }

    /// The first place from `start` that is not a blank, a tab or a line end.
    func blanksSkipped(from start: Int) -> Int {
        var p = start
        while p < bytes.count, [9, 10, 13, 32].contains(bytes[p]) { p += 1 }
        return p
    }

    /// The byte at `p`; nil past the end.
    func byte(at p: Int) -> UInt8? { p < bytes.count ? bytes[p] : nil }
}
