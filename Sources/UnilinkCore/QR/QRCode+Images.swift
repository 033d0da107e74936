extension QRCode {
    /// The light margin of four modules around the symbol that readers need.
    public static let quietZone = 4

    /// Modules per side with the quiet zone.
    public var sideWithQuietZone: Int { size + 2 * Self.quietZone }

    /// Whole pixels per module so the image is at most `pixels` wide (at least one).
    public func scale(toFit pixels: Int) -> Int {
        max(1, pixels / sideWithQuietZone)
    }

    /// An SVG with one path of horizontal runs of dark modules, `pixels` wide and high.
    public func svg(pixels: Int) -> String {
        let side = sideWithQuietZone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    /// A one-bit greyscale PNG, `scale` pixels per module, quiet zone included.
    public func png(scale: Int) -> [UInt8] {
        let pixels = sideWithQuietZone * scale
        let rowBytes = (pixels + 7) / 8
        var raster = [UInt8]()
        raster.reserveCapacity((rowBytes + 1) * pixels)
        for pixelY in 0..<pixels {
            raster.append(0)  // filter type: none
            let y = pixelY / scale - Self.quietZone
            var byte: UInt8 = 0
            for pixelX in 0..<pixels {
                let x = pixelX / scale - Self.quietZone
                let dark = (0..<size).contains(x) && (0..<size).contains(y) && isDark(x: x, y: y)
                // In greyscale 1 is white.
                if !dark { byte |= 0x80 >> UInt8(pixelX % 8) }
                if pixelX % 8 == 7 || pixelX == pixels - 1 {
                    raster.append(byte)
                    byte = 0
                }
            }
        }
        return PNGWriter.greyscale(width: pixels, height: pixels, bitDepth: 1, raster: raster)
    }
}
