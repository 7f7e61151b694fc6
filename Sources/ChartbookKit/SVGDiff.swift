import ChartbookModel

/// Which elements of an SVG changed: the start tags of each side compared as multisets,
/// reported by element name with a few examples — what a reviewer needs to see that "the
/// title text changed" or "12 bars moved", without reading coordinates line by line.
public enum SVGDiff {
    /// Empty when the documents are equal.
    public static func summary(expected: String, actual: String, examples: Int = 3) -> String {
        guard expected != actual else { return "" }
        let before = elements(expected), after = elements(actual)
        var counts = [String: Int]()
        for element in before { counts[element, default: 0] += 1 }
        var added = [String]()
        for element in after {
            if let n = counts[element], n > 0 {
                counts[element] = n - 1
            } else {
                added.append(element)
            }
        }
        let removed = before.filter { element in
            guard let n = counts[element], n > 0 else { return false }
            counts[element] = n - 1
            return true
        }
        var out = "elements: \(before.count) expected, \(after.count) now\n"
        for (sign, list) in [("-", removed), ("+", added)] where !list.isEmpty {
            let byName = Dictionary(grouping: list, by: name(of:))
            for key in byName.keys.sorted() {
                let items = byName[key] ?? []
                out += "\(sign) \(items.count) <\(key)>"
                out += items.count > examples ? ", e.g.\n" : "\n"
                for item in items.prefix(examples) {
                    out += "    " + TextMetrics.truncated(shown(item), toWidth: 100) + "\n"
                }
            }
        }
        if removed.isEmpty && added.isEmpty { out += "  (same elements; text or order changed)\n" }
        return out
    }

    /// Each element as its start tag with the text that follows it (a `<text>`'s words).
    static func elements(_ svg: String) -> [String] {
        var list = [String]()
        var rest = Substring(svg)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[open...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[...close]
            rest = rest[rest.index(after: close)...]
            guard !tag.hasPrefix("</"), !tag.hasPrefix("<?"), !tag.hasPrefix("<!") else { continue }
            let text = String(rest.prefix { $0 != "<" }).trimmingCharacters(in: " \n")
            list.append(text.isEmpty ? String(tag) : "\(tag)\(text)")
        }
        return list
    }

    /// An element as a reviewer scans it: its text first (`"walk" <text x=…>`), then the tag.
    static func shown(_ element: String) -> String {
        guard let close = element.firstIndex(of: ">") else { return TextMetrics.sanitized(element) }
        let text = element[element.index(after: close)...]
        let tag = element[...close]
        return TextMetrics.sanitized(text.isEmpty ? String(tag) : "\"\(text)\" \(tag)")
    }

    static func name(of element: String) -> String {
        String(element.dropFirst().prefix { $0 != " " && $0 != ">" && $0 != "/" })
    }
}
