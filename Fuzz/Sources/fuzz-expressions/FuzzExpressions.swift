import ChartbookFuzzing

/// libFuzzer's entry point for the expressions target (see FuzzHarness.expressions).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.expressions.fuzz(data, size)
}
