import ChartbookFuzzing

/// libFuzzer's entry point for the commands target (see FuzzHarness.commands).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.commands.fuzz(data, size)
}
