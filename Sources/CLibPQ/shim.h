// libpq, PostgreSQL's reference client library (libpq-dev): chartbook connects, runs
// read-only queries and cancels them on the server through it. poll(2) waits on its socket.
#include <libpq-fe.h>
#include <poll.h>
