import ChartbookModel

/// Where a ClickHouse server is, from `clickhouse://USER[:PASSWORD]@HOST[:PORT][/DATABASE]`
/// (HTTP, port 8123 by default) or `clickhouses://…` (HTTPS, port 8443).
struct ClickHouseLocation: Equatable, Sendable {
    var secure: Bool
    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String

    init?(_ url: String) {
        guard ConnectionURL.isClickHouse(url), let parts = ConnectionURL.Parts(url) else {
            return nil
        }
        secure = parts.scheme.lowercased() == "clickhouses://"
        user = parts.user ?? "default"
        password = parts.password
        let hostPort = parts.location
        if let colon = hostPort.lastIndex(of: ":"),
            let port = Int(hostPort[hostPort.index(after: colon)...])
        {
            host = String(hostPort[..<colon])
            self.port = port
        } else {
            host = String(hostPort)
            port = secure ? 8443 : 8123
        }
        let path = parts.rest.drop { $0 == "/" }.prefix { $0 != "?" }
        database = path.isEmpty ? "default" : String(path)
        guard !host.isEmpty, !user.isEmpty else { return nil }
    }
}
