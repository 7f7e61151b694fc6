import ArgumentParser

/// `--size COLUMNSxROWS`, checked when the flags are parsed.
struct CellSize: ExpressibleByArgument, Equatable {
    var columns: Int
    var rows: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
            (0...2000).contains(c), (0...1000).contains(r)
        else {
            return nil
        }
        (columns, rows) = (c, r)
    }
}
