import Foundation

extension QRCode {
    /// The light margin of four modules around the symbol that readers need.
    public static let quietZone = 4

    /// Modules per side with the quiet zone.
    public var sideWithQuietZone: Int { size + 2 * Self.quietZone }

    /// Whole pixels per module so the image is at most `pixels` wide (at least one).
    public func scale(toFit pixels: Int) -> Int {
        max(1, pixels / sideWithQuietZone)
    }

    /// An SVG with one path of horizontal runs of dark modules, `pixels` wide and high; a
    /// logo is the uploaded PNG as a `data:` URL over the modules its square leaves out.
    public func svg(pixels: Int, style: QRStyle = .plain) -> String {
        let side = sideWithQuietZone
        let area = style.logo == nil ? nil : QRLogoArea(for: self)
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDrawnDark(x: x, y: y, around: area) else { x += 1; continue }
                let start = x
                while x < size, isDrawnDark(x: x, y: y, around: area) { x += 1 }
                path += "M\(start + Self.quietZone) \(y + Self.quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        var image = ""
        if let area, let logo = style.logo {
            // Half a module of background around the logo keeps it apart from the modules.
            let at = Double(area.origin + Self.quietZone) + 0.5
            image = """
                <image x="\(at)" y="\(at)" width="\(area.side - 1)" height="\(area.side - 1)" preserveAspectRatio="xMidYMid meet" \
                xlink:href="data:image/png;base64,\(Data(logo.png).base64EncodedString())"/>
                """
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="\(style.background)"/>\
            <path fill="\(style.foreground)" d="\(path)"/>\(image)</svg>
            """
    }

    /// A PNG, `scale` pixels a module, quiet zone included: one bit a pixel (a palette of
    /// the two colours), or RGB with a logo.
    public func png(scale: Int, style: QRStyle = .plain) -> [UInt8] {
        let pixels = sideWithQuietZone * scale
        if let logo = style.logo, let area = QRLogoArea(for: self) {
            return PNGWriter.image(width: pixels, height: pixels, pixels: .rgb, raster: rgbRaster(scale: scale, style: style, logo: logo, area: area))
        }
        let rowBytes = (pixels + 7) / 8
        var raster = [UInt8]()
        raster.reserveCapacity((rowBytes + 1) * pixels)
        for moduleY in -Self.quietZone..<(size + Self.quietZone) {
            var row = [UInt8](repeating: 0, count: rowBytes + 1)  // filter type none, then index 0: background
            for moduleX in 0..<size where (0..<size).contains(moduleY) && isDark(x: moduleX, y: moduleY) {
                for pixelX in (moduleX + Self.quietZone) * scale..<(moduleX + Self.quietZone + 1) * scale {
                    row[1 + pixelX / 8] |= 0x80 >> UInt8(pixelX % 8)
                }
            }
            for _ in 0..<scale { raster += row }
        }
        return PNGWriter.image(width: pixels, height: pixels, pixels: .palette([style.background, style.foreground], bitDepth: 1), raster: raster)
    }

    /// Dark, and not under the logo's square.
    private func isDrawnDark(x: Int, y: Int, around area: QRLogoArea?) -> Bool {
        if let area, (area.origin..<(area.origin + area.side)).contains(x), (area.origin..<(area.origin + area.side)).contains(y) { return false }
        return isDark(x: x, y: y)
    }

    private func rgbRaster(scale: Int, style: QRStyle, logo: QRLogo, area: QRLogoArea) -> [UInt8] {
        let pixels = sideWithQuietZone * scale
        let dark = [style.foreground.red, style.foreground.green, style.foreground.blue]
        let light = [style.background.red, style.background.green, style.background.blue]
        let box = LogoBox(area: area, scale: scale, image: logo.image)
        var raster = [UInt8]()
        raster.reserveCapacity((pixels * 3 + 1) * pixels)
        for moduleY in -Self.quietZone..<(size + Self.quietZone) {
            var row: [UInt8] = [0]
            row.reserveCapacity(pixels * 3 + 1)
            for moduleX in -Self.quietZone..<(size + Self.quietZone) {
                let colour = (0..<size).contains(moduleY) && (0..<size).contains(moduleX) && isDrawnDark(x: moduleX, y: moduleY, around: area)
                for _ in 0..<scale { row += colour ? dark : light }
            }
            for pixelY in (moduleY + Self.quietZone) * scale..<(moduleY + Self.quietZone + 1) * scale {
                if box.rows.contains(pixelY) {
                    var painted = row
                    box.paint(row: pixelY, into: &painted, over: light)
                    raster += painted
                } else {
                    raster += row
                }
            }
        }
        return raster
    }
}

/// Where the logo's pixels go in a PNG: inside the square less half a module of margin,
/// its aspect kept, each pixel the average of the logo's pixels it covers (or the nearest
/// one when enlarged), over the background by its alpha.
private struct LogoBox {
    let image: PNGImage
    let left: Int, top: Int, width: Int, height: Int

    init(area: QRLogoArea, scale: Int, image: PNGImage) {
        let margin = max(1, scale / 2)
        let inner = area.side * scale - 2 * margin
        let start = (area.origin + QRCode.quietZone) * scale + margin
        self.image = image
        width = image.width >= image.height ? inner : max(1, inner * image.width / image.height)
        height = image.height >= image.width ? inner : max(1, inner * image.height / image.width)
        left = start + (inner - width) / 2
        top = start + (inner - height) / 2
    }

    var rows: Range<Int> { top..<(top + height) }

    func paint(row pixelY: Int, into row: inout [UInt8], over background: [UInt8]) {
        let y0 = (pixelY - top) * image.height / height
        let y1 = max(y0 + 1, (pixelY - top + 1) * image.height / height)
        for pixelX in left..<(left + width) {
            let x0 = (pixelX - left) * image.width / width
            let x1 = max(x0 + 1, (pixelX - left + 1) * image.width / width)
            var red = 0, green = 0, blue = 0, alpha = 0
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let at = (y * image.width + x) * 4
                    let a = Int(image.rgba[at + 3])
                    alpha += a
                    red += Int(image.rgba[at]) * a
                    green += Int(image.rgba[at + 1]) * a
                    blue += Int(image.rgba[at + 2]) * a
                }
            }
            let whole = 255 * (x1 - x0) * (y1 - y0)
            let at = 1 + pixelX * 3
            row[at] = UInt8((red + Int(background[0]) * (whole - alpha)) / whole)
            row[at + 1] = UInt8((green + Int(background[1]) * (whole - alpha)) / whole)
            row[at + 2] = UInt8((blue + Int(background[2]) * (whole - alpha)) / whole)
        }
    }
}
