#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// libedit drops every non-ASCII character typed unless the character type locale is UTF-8:
/// take the user's locale, and fall back to C.UTF-8 when its codeset is something else
/// (CI runs with LANG unset). Only LC_CTYPE: numbers keep the C locale.
enum TerminalLocale {
    static func useUTF8() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)) {
            let name = String(
                decoding: UnsafeRawBufferPointer(start: codeset, count: strlen(codeset)),
                as: UTF8.self)
            if name.uppercased().filter({ $0 != "-" }) == "UTF8" { return }
        }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}
