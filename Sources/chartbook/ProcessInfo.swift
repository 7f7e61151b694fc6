#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The process environment as a dictionary (read once, by the executable only).
enum ProcessInfo {
    static var environmentDictionary: [String: String] {
        var result = [String: String]()
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
