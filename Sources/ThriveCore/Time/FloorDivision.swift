extension Int {
    /// The quotient rounded down, also for negative numbers (Swift's `/` rounds toward zero, so
    /// hour −14 would fall in day 0 instead of day −1: the day before 1 January 1970).
    public func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that goes with ``floorDivided(by:)``: it has the divisor's sign (−14 mod 24 is 10).
    public func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}
