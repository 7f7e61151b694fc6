#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A C library opened when a feature first needs it (`dlopen`), its functions found by name
/// (`dlsym`) — so that a chart that never draws a PNG, a sixel picture or asks a server does
/// not load librsvg, cairo, libsixel, libcurl or libpq and their dozens of dependencies at
/// start-up (issue 53: 95 shared libraries loaded took 15 ms before `main`). Such a library is
/// not linked (its module declares its types only), so it is not among the binary's
/// `DT_NEEDED` entries. Opened libraries stay open for the process's life.
public struct SharedLibrary: @unchecked Sendable {
    /// Why a library or one of its functions could not be had.
    public struct Missing: Error, Equatable, Sendable {
        /// What to say: the library, what the loader said, and the package that has it.
        public var reason: String
    }

    private let handle: UnsafeMutableRawPointer
    /// The name it was opened by (`librsvg-2.so.2`).
    public let name: String

    /// Opens the first of `names` (versioned sonames, the newest first) that loads;
    /// `package`: the Debian package that installs it, named when none does.
    public init(_ names: [String], package: String) throws(Missing) {
        var said = ""
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                self.name = name
                return
            }
            said = dlerror().map { String(cString: $0) } ?? ""
        }
        throw Missing(
            reason:
                "cannot load \(names.first ?? "a library") (\(said)); install \(package) (Scripts/setup does)"
        )
    }

    /// The function called `symbol`, as a C function of type `F` (a `@convention(c)` type
    /// that must be the function's own: nothing checks it).
    public func function<F>(_ symbol: String, as type: F.Type = F.self) throws(Missing) -> F {
        guard let address = dlsym(handle, symbol) else {
            throw Missing(reason: "\(name) has no function \(symbol)")
        }
        return unsafeBitCast(address, to: F.self)
    }
}
