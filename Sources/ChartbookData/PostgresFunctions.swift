import CLibPQ
import ChartbookModel

/// The functions of libpq that `PostgresConnection` calls, found when a PostgreSQL server is
/// first asked (`SharedLibrary`): a chart from a file does not load libpq and its TLS, GSSAPI
/// and LDAP dependencies at start-up (issue 53). The types are `<libpq-fe.h>`'s.
struct PostgresFunctions: Sendable {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer
    typealias Texts = UnsafePointer<UnsafePointer<CChar>?>

    let connectStartParams: @convention(c) (Texts?, Texts?, Int32) -> Connection?
    let connectPoll: @convention(c) (Connection?) -> PostgresPollingStatusType
    let status: @convention(c) (Connection?) -> ConnStatusType
    let setNoticeProcessor:
        @convention(c) (Connection?, PQnoticeProcessor?, UnsafeMutableRawPointer?) ->
            PQnoticeProcessor?
    let conninfo: @convention(c) (Connection?) -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let finish: @convention(c) (Connection?) -> Void
    let sendQueryParams:
        @convention(c) (
            Connection?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, Texts?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    let isBusy: @convention(c) (Connection?) -> Int32
    let consumeInput: @convention(c) (Connection?) -> Int32
    let getResult: @convention(c) (Connection?) -> Result?
    let resultStatus: @convention(c) (Result?) -> ExecStatusType
    let getCancel: @convention(c) (Connection?) -> OpaquePointer?
    let cancel: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    let freeCancel: @convention(c) (OpaquePointer?) -> Void
    let socket: @convention(c) (Connection?) -> Int32
    let errorMessage: @convention(c) (Connection?) -> UnsafeMutablePointer<CChar>?
    let clear: @convention(c) (Result?) -> Void
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let fname: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let ftype: @convention(c) (Result?, Int32) -> Oid
    let ftable: @convention(c) (Result?, Int32) -> Oid
    let ftablecol: @convention(c) (Result?, Int32) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorMessage: @convention(c) (Result?) -> UnsafeMutablePointer<CChar>?

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Swift.Result<PostgresFunctions, SharedLibrary.Missing> = Swift.Result {
        () throws(SharedLibrary.Missing) -> PostgresFunctions in try PostgresFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let pq = try SharedLibrary(["libpq.so.5"], package: "libpq5")
        connectStartParams = try pq.function("PQconnectStartParams")
        connectPoll = try pq.function("PQconnectPoll")
        status = try pq.function("PQstatus")
        setNoticeProcessor = try pq.function("PQsetNoticeProcessor")
        conninfo = try pq.function("PQconninfo")
        conninfoFree = try pq.function("PQconninfoFree")
        finish = try pq.function("PQfinish")
        sendQueryParams = try pq.function("PQsendQueryParams")
        isBusy = try pq.function("PQisBusy")
        consumeInput = try pq.function("PQconsumeInput")
        getResult = try pq.function("PQgetResult")
        resultStatus = try pq.function("PQresultStatus")
        getCancel = try pq.function("PQgetCancel")
        cancel = try pq.function("PQcancel")
        freeCancel = try pq.function("PQfreeCancel")
        socket = try pq.function("PQsocket")
        errorMessage = try pq.function("PQerrorMessage")
        clear = try pq.function("PQclear")
        ntuples = try pq.function("PQntuples")
        nfields = try pq.function("PQnfields")
        fname = try pq.function("PQfname")
        ftype = try pq.function("PQftype")
        ftable = try pq.function("PQftable")
        ftablecol = try pq.function("PQftablecol")
        getisnull = try pq.function("PQgetisnull")
        getlength = try pq.function("PQgetlength")
        getvalue = try pq.function("PQgetvalue")
        resultErrorField = try pq.function("PQresultErrorField")
        resultErrorMessage = try pq.function("PQresultErrorMessage")
    }
}
