// libcurl (libcurl4-openssl-dev), the HTTP client ClickHouse queries go through. Its
// option and info calls are C variadic functions, which Swift cannot call: these typed
// wrappers are the only ones chartbook uses.
#include <curl/curl.h>

typedef size_t (*chartbook_curl_write)(char *, size_t, size_t, void *);

static inline CURLcode chartbook_curl_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_text(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_size(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode chartbook_curl_headers(CURL *curl, struct curl_slist *list) {
    return curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
}
static inline CURLcode chartbook_curl_writer(CURL *curl, chartbook_curl_write function) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, function);
}
static inline long chartbook_curl_status(CURL *curl) {
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

// The multi interface drives one transfer in steps, so that the caller can stop it between
// polls (Ctrl-C, a deadline) within a tenth of a second, which the easy interface's progress
// callback (about once a second while idle) could not.
static inline CURLcode chartbook_curl_multi_result(CURLM *multi) {
    int queued = 0;
    CURLMsg *message;
    while ((message = curl_multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) return message->data.result;
    }
    return CURLE_OK;
}
