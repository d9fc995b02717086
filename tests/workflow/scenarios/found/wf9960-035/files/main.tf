resource "terraform_data" "app" {
  count = 2
  input = var.enabled
}

resource "terraform_data" "cache" {
  input = "v-${terraform.workspace}"

  lifecycle {
    create_before_destroy = true
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = "z"
}

output "value" {
  value = terraform.workspace

  precondition {
    condition     = length(jsonencode(terraform.workspace)) < 0
    error_message = "The precondition failed."
  }
}
