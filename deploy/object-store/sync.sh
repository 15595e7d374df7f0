#!/bin/sh
# Copies the releases folder to an S3-compatible bucket served by a CDN (see deploy/README.md):
#   deploy/object-store/sync.sh s3://bucket [releases-folder] [--prune]
# Run it after every release command (publish → sync makes the version fetchable; promote,
# rollback, drop → sync publishes the pointer and the page). Order matters:
#   1. versions first (immutable, cached a year): a pointer never names a version the bucket lacks;
#   2. then the page and the pointer (no-cache): new page loads and open tabs switch now.
# The release tool's own files (.history, .lock, .release.json, .tmp-*, .trash-*) stay private,
# and the precompressed .br/.gz copies stay behind: let the CDN compress (CloudFront: "compress
# objects automatically"), since an object store does not choose an encoding per request.
# --prune mirrors `npm run release -- prune`: deletes from the bucket the versions it deleted here.
# Needs the aws CLI (any S3-compatible store: add --endpoint-url through AWS_ENDPOINT_URL).
set -euf  # -f: the exclude patterns below are not file names to expand
bucket=${1:?usage: sync.sh s3://bucket [releases-folder] [--prune]}
releases=${2:-${KHELA_RELEASES_DIR:-$(dirname "$0")/../../.releases}}
delete=''
[ "${3:-}" = "--prune" ] && delete='--delete'
private="--exclude .* --exclude */.* --exclude *.br --exclude *.gz"

for part in shell remotes; do
  # shellcheck disable=SC2086
  aws s3 sync "$releases/$part" "$bucket/$part" $private $delete \
    --cache-control 'public, max-age=31536000, immutable'
done
aws s3 cp "$releases/index.html" "$bucket/index.html" --cache-control 'no-cache' --content-type 'text/html; charset=utf-8'
aws s3 cp "$releases/remotes.json" "$bucket/remotes.json" --cache-control 'no-cache' --content-type 'application/json'
aws s3 cp "$releases/robots.txt" "$bucket/robots.txt" --cache-control 'public, max-age=3600' --content-type 'text/plain'
