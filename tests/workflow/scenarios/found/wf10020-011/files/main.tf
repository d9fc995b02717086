resource "terraform_data" "item" {
  input = true
}

resource "terraform_data" "imported" {
}

output "ids" {
  value = terraform_data.item.id
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}

import {
  to = terraform_data.imported
  id = "import-1-id"
}
