import ChartbookFuzzing

/// libFuzzer's entry point for the layout target (see FuzzHarness.layout).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.layout.fuzz(data, size)
}
