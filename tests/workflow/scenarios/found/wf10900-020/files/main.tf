resource "terraform_data" "cache" {
  count = 3
  input = "hello"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "imported" {
}

output "result" {
  value = terraform_data.cache[*].output
}

import {
  to = terraform_data.imported
  id = "import-1-id"
}
