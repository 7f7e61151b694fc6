// The system SQLite (libsqlite3-dev): its types only. The library is not linked: ChartbookData
// opens it with dlopen when a database is first read (SQLiteFunctions), so a chart from a
// file does not load it at start-up (issue 53).
#include <sqlite3.h>
