#!/usr/bin/env perl
# A small MaxMind-format database for the GeoLocator tests and Benchmarks/geo.sh, written by
# MaxMind's own writer (Debian: libmaxmind-db-writer-perl), laid out like GeoLite2-Country/City.
#
#   write-test-mmdb.pl OUTPUT [first|second] [EXTRA_NETWORKS]
#
# first:  192.0.2.0/24 DE-BE, 198.51.100.0/24 US-CA, 203.0.113.0/24 JP (no subdivision),
#         2001:db8:1::/48 FR-IDF, 2001:db8:2::/48 GB-ENG
# second: the same, but 192.0.2.0/24 is AT-9 (to see a replaced file read again)
# EXTRA_NETWORKS: that many more random IPv4 /24s (same seed each run), for the benchmark.
use strict;
use warnings;
use MaxMind::DB::Writer::Tree;

my ($output, $variant, $extra) = @ARGV;
die "usage: $0 OUTPUT [first|second] [EXTRA_NETWORKS]\n" unless defined $output;
$variant //= 'first';
$extra   //= 0;

my %types = (
    country      => 'map',
    subdivisions => [ 'array', 'map' ],
    iso_code     => 'utf8_string',
);
my $tree = MaxMind::DB::Writer::Tree->new(
    ip_version               => 6,
    record_size              => 28,
    database_type            => 'Unilink-Test-Country',
    languages                => ['en'],
    description              => { en => 'Networks for the GeoLocator tests' },
    # Documentation networks (192.0.2.0/24, 2001:db8::/32) are what the tests use.
    remove_reserved_networks => 0,
    # No ::ffff:0:0/96 alias: the tests prove GeoLocator maps IPv4-mapped addresses itself.
    alias_ipv6_to_ipv4       => 0,
    map_key_type_callback    => sub { $types{ $_[0] } },
);

sub place {
    my ($country, $subdivision) = @_;
    my %record = (country => { iso_code => $country });
    $record{subdivisions} = [ { iso_code => $subdivision } ] if defined $subdivision;
    return \%record;
}

srand(7);
for (1 .. $extra) {
    my $network = sprintf('%d.%d.%d.0/24', 11 + int(rand(180)), int(rand(256)), int(rand(256)));
    $tree->insert_network($network, place('NL', 'NH'));
}
$tree->insert_network('192.0.2.0/24', $variant eq 'second' ? place('AT', '9') : place('DE', 'BE'));
$tree->insert_network('198.51.100.0/24', place('US', 'CA'));
$tree->insert_network('203.0.113.0/24', place('JP'));
$tree->insert_network('2001:db8:1::/48', place('FR', 'IDF'));
$tree->insert_network('2001:db8:2::/48', place('GB', 'ENG'));

open my $file, '>:raw', "$output.tmp" or die "cannot write $output.tmp: $!\n";
$tree->write_tree($file);
close $file or die "cannot write $output.tmp: $!\n";
rename "$output.tmp", $output or die "cannot rename to $output: $!\n";
