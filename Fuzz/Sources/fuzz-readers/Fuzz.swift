import ChartbookFuzzing

/// libFuzzer's entry point for the readers target (see FuzzHarness.readers).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.readers.fuzz(data, size)
}
