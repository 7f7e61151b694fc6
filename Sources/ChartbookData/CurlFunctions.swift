import CCurl
import ChartbookModel

/// The functions of libcurl that `ClickHouseConnection` calls, found when a ClickHouse
/// server is first asked (`SharedLibrary`): a chart from a file does not load libcurl and
/// its TLS, HTTP/2, LDAP and Kerberos dependencies at start-up (issue 53). The types are the
/// declarations' in `<curl/curl.h>`; the variadic option calls go through `CCurl`'s wrappers.
struct CurlFunctions: @unchecked Sendable {  // immutable addresses of C functions
    typealias Easy = UnsafeMutableRawPointer
    typealias Multi = UnsafeMutableRawPointer

    let easyInit: @convention(c) () -> Easy?
    let easyCleanup: @convention(c) (Easy?) -> Void
    let easyError: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let setopt: chartbook_curl_setopt
    let getinfo: chartbook_curl_getinfo
    let slistAppend:
        @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) ->
            UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    let multiInit: @convention(c) () -> Multi?
    let multiCleanup: @convention(c) (Multi?) -> CURLMcode
    let multiAdd: @convention(c) (Multi?, Easy?) -> CURLMcode
    let multiRemove: @convention(c) (Multi?, Easy?) -> CURLMcode
    let multiPerform: @convention(c) (Multi?, UnsafeMutablePointer<Int32>?) -> CURLMcode
    let multiPoll:
        @convention(c) (
            Multi?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?
        ) -> CURLMcode
    let multiInfoRead: chartbook_curl_info_read

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Result<CurlFunctions, SharedLibrary.Missing> = Result {
        () throws(SharedLibrary.Missing) -> CurlFunctions in try CurlFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let curl = try SharedLibrary(["libcurl.so.4"], package: "libcurl4")
        easyInit = try curl.function("curl_easy_init")
        easyCleanup = try curl.function("curl_easy_cleanup")
        easyError = try curl.function("curl_easy_strerror")
        setopt = try curl.function("curl_easy_setopt")
        getinfo = try curl.function("curl_easy_getinfo")
        slistAppend = try curl.function("curl_slist_append")
        slistFreeAll = try curl.function("curl_slist_free_all")
        multiInit = try curl.function("curl_multi_init")
        multiCleanup = try curl.function("curl_multi_cleanup")
        multiAdd = try curl.function("curl_multi_add_handle")
        multiRemove = try curl.function("curl_multi_remove_handle")
        multiPerform = try curl.function("curl_multi_perform")
        multiPoll = try curl.function("curl_multi_poll")
        multiInfoRead = try curl.function("curl_multi_info_read")
    }
}
