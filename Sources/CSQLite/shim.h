// The system SQLite (libsqlite3-dev): chartbook reads query results through its C API.
#include <sqlite3.h>
