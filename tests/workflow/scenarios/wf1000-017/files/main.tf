resource "terraform_data" "app" {
  input = "v-${terraform.workspace}"
}

resource "terraform_data" "queue" {
  for_each = { x = "1", y = "2" }
  input = each.key
  depends_on = [terraform_data.app]
}

module "wrapper" {
  source = "./modules/wrap"
  for_each = { one = "1", two = "2" }
  input = "w"
}
