// libcurl (libcurl4-openssl-dev), the HTTP client ClickHouse queries go through. It is not
// linked: ChartbookData opens it with dlopen when a ClickHouse server is first asked
// (CurlFunctions), so a chart from a file does not load it and its ~30 dependencies (TLS,
// HTTP/2, LDAP, Kerberos) at start-up (issue 53). Its option and info calls are C variadic
// functions, which Swift cannot call: these typed wrappers call them through the pointers
// dlsym found, and are the only ones chartbook uses.
#include <curl/curl.h>

typedef size_t (*chartbook_curl_write)(char *, size_t, size_t, void *);
typedef CURLcode (*chartbook_curl_setopt)(CURL *, CURLoption, ...);
typedef CURLcode (*chartbook_curl_getinfo)(CURL *, CURLINFO, ...);
typedef CURLMsg *(*chartbook_curl_info_read)(CURLM *, int *);

static inline CURLcode chartbook_curl_long(chartbook_curl_setopt setopt, CURL *curl,
                                           CURLoption option, long value) {
    return setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_text(chartbook_curl_setopt setopt, CURL *curl,
                                           CURLoption option, const char *value) {
    return setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_pointer(chartbook_curl_setopt setopt, CURL *curl,
                                              CURLoption option, void *value) {
    return setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_size(chartbook_curl_setopt setopt, CURL *curl,
                                           CURLoption option, curl_off_t value) {
    return setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_headers(chartbook_curl_setopt setopt, CURL *curl,
                                              struct curl_slist *list) {
    return setopt(curl, CURLOPT_HTTPHEADER, list);
}
static inline CURLcode chartbook_curl_writer(chartbook_curl_setopt setopt, CURL *curl,
                                             chartbook_curl_write function) {
    return setopt(curl, CURLOPT_WRITEFUNCTION, function);
}
static inline long chartbook_curl_status(chartbook_curl_getinfo getinfo, CURL *curl) {
    long status = 0;
    getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

// The multi interface drives one transfer in steps, so that the caller can stop it between
// polls (Ctrl-C, a deadline) within a tenth of a second, which the easy interface's progress
// callback (about once a second while idle) could not.
static inline CURLcode chartbook_curl_multi_result(chartbook_curl_info_read read, CURLM *multi) {
    int queued = 0;
    CURLMsg *message;
    while ((message = read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) return message->data.result;
    }
    return CURLE_OK;
}
