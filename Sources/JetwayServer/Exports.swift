// An app that imports JetwayServer declares its routes and handlers with the same import.
@_exported import JetwayRoutes
