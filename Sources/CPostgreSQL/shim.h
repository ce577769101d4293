// libpq for Swift: the PostgreSQL store (pkg-config libpq puts /usr/include/postgresql on the path).
#include <libpq-fe.h>
