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
    var order = [String]()

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func paths() -> [String] {
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""): string()
            case UInt8(ascii: "{"):
                // The root array's objects are rows; deeper ones extend the key they are.
                let prefix: String? =
                    open.count == 1 && open[0] == nil ? "" : pending.map { $0 + "." }
                let within = open.count == 1 || (open.last ?? nil) != nil
                open.append(within ? prefix : nil)
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
        var next = index
        while next < bytes.count, [9, 10, 13, 32].contains(bytes[next]) { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: ":"), open.count >= 2,
            let prefix = open.last ?? nil
        else {
            return
        }
        let path = prefix + String(decoding: text, as: UTF8.self)
        // Its value: an object extends the path; anything else makes it a column.
        var value = next + 1
        while value < bytes.count, [9, 10, 13, 32].contains(bytes[value]) { value += 1 }
        var inside = value + 1
        while inside < bytes.count, [9, 10, 13, 32].contains(bytes[inside]) { inside += 1 }
        // (An empty object is a column of its own, as `flattened` keeps it.)
        if value < bytes.count, bytes[value] == UInt8(ascii: "{"),
            inside < bytes.count, bytes[inside] != UInt8(ascii: "}")
        {
            pending = path
        } else {
            order.append(path)
            pending = nil
        }
    }
}
