extension HTTPHeaders.Field {
    /// Whether the field can be sent as one header line: neither its name nor its value
    /// holds a carriage return, a line feed or a NUL, any of which would end the line and
    /// start one of the sender's choosing. Checked in Unicode scalars: Swift reads CR LF as
    /// one `Character`, which equals neither `"\r"` nor `"\n"`.
    public var fitsOnOneLine: Bool {
        !Self.breaksALine(name) && !Self.breaksALine(value)
    }

    private static func breaksALine(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}

extension HTTPHeaders {
    /// Throws for the first field that cannot be sent as one header line (see
    /// ``Field/fitsOnOneLine``), naming it without its value, which may be a secret. Every
    /// transport refuses such a request before anything is sent.
    public func checkEveryFieldFitsOnOneLine() throws(TransportError) {
        guard let field = fields.first(where: { !$0.fitsOnOneLine }) else { return }
        let printable = field.name.unicodeScalars.allSatisfy { (0x21..<0x7F).contains($0.value) }
        let which = printable ? "the header \(field.name)" : "a header"
        throw TransportError(.other, "\(which) holds a line break or a NUL; nothing was sent")
    }
}
