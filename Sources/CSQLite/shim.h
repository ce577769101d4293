// SQLite for Swift: the embedded store. SQLITE_TRANSIENT is a cast macro Swift cannot import.
#include <sqlite3.h>

static inline sqlite3_destructor_type jw_sqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}

static inline int jw_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, (sqlite3_destructor_type)-1);
}

static inline int jw_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, (sqlite3_destructor_type)-1);
}

static inline void jw_sqlite_result_text(sqlite3_context *context, const char *text, int length) {
    sqlite3_result_text(context, text, length, (sqlite3_destructor_type)-1);
}
