/// `server.tls` in config.json: serve https and wss straight from `buzzer serve`. Both files are
/// PEM; the certificate file may hold the chain after the leaf. Relative paths are taken from the
/// config file's folder. Absent: plain http and ws (the default).
package struct TLSConfig: Codable, Sendable, Equatable {
    package var certificateFile: String
    package var privateKeyFile: String

    package init(certificateFile: String, privateKeyFile: String) {
        self.certificateFile = certificateFile
        self.privateKeyFile = privateKeyFile
    }
}
