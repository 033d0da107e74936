/// The numbers: a section shown on an app's numbers page and on a link's page.
extension DashboardTemplates {
    static let numbersBody = #"""
        {{#numbers}}<h2 id="numbers">Numbers</h2><section><nav class="ranges" aria-label="Quick ranges">{{#ranges}}<a href="{{href}}"{{#current}} aria-current="true"{{/current}}>{{label}}</a>{{/ranges}}</nav>
        <form method="get" class="filters" id="custom-range"><div><label for="from">From</label><input type="date" id="from" name="from" value="{{from}}"></div>
        <div><label for="to">To</label><input type="date" id="to" name="to" value="{{to}}"></div>
        <div><label for="tz">Days of the time zone</label><input type="text" id="tz" name="tz" value="{{tz}}" placeholder="UTC"></div>
        <div class="filter-go"><button type="submit" class="secondary">Show</button></div></form>
        <div class="grid" id="totals">{{#totals}}<div><span class="stat" id="total-{{name}}">{{value}}</span><br><span class="muted">{{name}}</span><br><span class="delta">{{change}}</span></div>{{/totals}}</div>
        {{{chart}}}<p class="muted">Bars: this range. Dashed line: the period of the same length before it. Hover a bar for its value.</p>
        {{#hasTopLinks}}<h3>Top links</h3><div class="table-wrap"><table id="top-links"><thead><tr><th scope="col">Link</th><th scope="col" class="num">Clicks</th></tr></thead><tbody>{{/hasTopLinks}}
        {{#topLinks}}<tr><td>{{#href}}<a href="{{href}}">{{name}}</a>{{/href}}{{^href}}{{name}}{{/href}}</td><td class="num">{{count}}</td></tr>{{/topLinks}}{{#hasTopLinks}}</tbody></table></div>{{/hasTopLinks}}
        <div class="grid"><div><h3>By platform</h3><table>{{#platforms}}<tr><td>{{name}}</td><td class="num">{{count}}</td></tr>{{/platforms}}{{^platforms}}<tr><td class="muted">No clicks.</td></tr>{{/platforms}}</table></div>
        <div><h3>By outcome</h3><table>{{#outcomes}}<tr><td>{{name}}</td><td class="num">{{count}}</td></tr>{{/outcomes}}{{^outcomes}}<tr><td class="muted">No clicks.</td></tr>{{/outcomes}}</table></div>
        {{#groups}}<div><h3>By {{name}}</h3><table>{{#rows}}<tr><td>{{name}}</td><td class="num">{{count}}</td></tr>{{/rows}}{{^rows}}<tr><td class="muted">No clicks.</td></tr>{{/rows}}</table></div>{{/groups}}</div>
        <p><a href="{{csvURL}}" id="csv" download>Export: clicks by UTC day, link, platform and outcome (CSV)</a> · <a href="{{rawCSVURL}}" id="raw-csv" download>every click in this range (CSV)</a></p></section>{{/numbers}}
        """#

    static let numbers = #"""
        {{> head}}<h1>Numbers of {{appName}}</h1><p><a href="/apps/{{appID}}">← {{appName}}</a></p>{{> numbers_body}}{{> foot}}
        """#
}
