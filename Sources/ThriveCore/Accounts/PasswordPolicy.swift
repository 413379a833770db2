/// What a new password must be: at least 8 characters with letters and digits, at most 128
/// (bcrypt reads only the first 72 bytes, and an unbounded field invites denial of service).
public enum PasswordPolicy {
    public static let minimumLength = 8
    public static let maximumLength = 128

    public static func check(_ password: String) throws(ValidationError) {
        guard password.count >= minimumLength else {
            throw ValidationError.because("password", "passwordShort", ["length": .integer(minimumLength)])
        }
        guard password.count <= maximumLength else {
            throw ValidationError.because("password", "passwordLong", ["length": .integer(maximumLength)])
        }
        guard password.utf8.count <= 72 else {
            throw ValidationError.because("password", "passwordBytes")
        }
        guard password.contains(where: \.isLetter), password.contains(where: \.isNumber) else {
            throw ValidationError.because("password", "passwordMix")
        }
    }
}
