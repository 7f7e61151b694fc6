// libpq, PostgreSQL's reference client library (libpq-dev): chartbook connects, runs
// read-only queries and cancels them on the server through it. poll(2) waits on its socket.
// Its header only: the library is not linked but opened with dlopen when a server is first
// asked (PostgresFunctions), so a chart from a file does not load it and its TLS, GSSAPI
// and LDAP dependencies at start-up (issue 53). Debian keeps the header under postgresql/.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
#include <poll.h>
