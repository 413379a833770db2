/// The version of this Thrive build, reported by `thrive --version` and the mobile version endpoint.
public enum AppVersion {
    public static let current = "0.1.0"
    /// The oldest client the API still serves; older native clients must update.
    public static let minimumSupportedClient = "1.0.0"
}
