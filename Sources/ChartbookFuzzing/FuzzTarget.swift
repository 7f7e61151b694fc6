/// The fuzz targets by name: the names of Fuzz/corpus/*, Fuzz/crashes/*, the executables
/// `fuzz-NAME` and `Scripts/fuzz NAME`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case commands, readers, layout, expressions

    /// The invariants `data` breaks (empty: none).
    public func run(_ data: [UInt8]) -> [String] {
        switch self {
        case .commands: FuzzHarness.commands(data)
        case .readers: FuzzHarness.readers(data)
        case .layout: FuzzHarness.layout(data)
        case .expressions: FuzzHarness.expressions(data)
        }
    }

    /// libFuzzer's entry: aborts with the broken invariants, so the fuzzer saves the input.
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = run(bytes)
        if !problems.isEmpty { fatalError("fuzz-\(rawValue): " + problems.joined(separator: "; ")) }
        return 0
    }
}
