locals {
  count_of = "pre-${terraform.workspace}"
}

locals {
  prefix = "pre-${terraform.workspace}"
}

resource "terraform_data" "a" {
  count = 2
  input = ["a", "b"]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "b" {
  count = 3
  input = ["a", "b"]
  triggers_replace = [1, 2]
}

output "result" {
  value = terraform_data.a[*].id
}
