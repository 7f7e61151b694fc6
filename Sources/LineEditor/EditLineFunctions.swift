import CEditLine
import ChartbookModel

/// The functions of libedit that `LineEditor` calls, found when the interactive notebook
/// first starts (`SharedLibrary`): a chart drawn from a script, `-e` or a pipe does not load
/// libedit and its libtinfo, libbsd and libmd at start-up (issue 53). The types are
/// `<histedit.h>`'s; the variadic `el_set`, `el_get` and `history` are called through the
/// typed wrappers of `CEditLine`'s shim, which take these pointers.
struct EditLineFunctions: @unchecked Sendable {  // immutable addresses of C functions
    let initialize: cb_el_init_fn
    let set: cb_el_set_fn
    let get: cb_el_get_fn
    let end: @convention(c) (OpaquePointer?) -> Void
    let gets: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    let push: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    let source: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let line: @convention(c) (OpaquePointer?) -> UnsafePointer<LineInfo>?
    let insertText: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let deleteCharacters: @convention(c) (OpaquePointer?, Int32) -> Void
    let historyInitialize: cb_history_init_fn
    let history: cb_history_fn
    let historyEnd: @convention(c) (OpaquePointer?) -> Void

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Result<EditLineFunctions, SharedLibrary.Missing> = Result {
        () throws(SharedLibrary.Missing) -> EditLineFunctions in try EditLineFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let edit = try SharedLibrary(["libedit.so.2", "libedit.so.0"], package: "libedit2")
        initialize = try edit.function("el_init")
        set = try edit.function("el_set")
        get = try edit.function("el_get")
        end = try edit.function("el_end")
        gets = try edit.function("el_gets")
        push = try edit.function("el_push")
        source = try edit.function("el_source")
        line = try edit.function("el_line")
        insertText = try edit.function("el_insertstr")
        deleteCharacters = try edit.function("el_deletestr")
        historyInitialize = try edit.function("history_init")
        history = try edit.function("history")
        historyEnd = try edit.function("history_end")
    }
}
